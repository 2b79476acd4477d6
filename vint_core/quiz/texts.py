"""The quiz's sentences in English and German: prompts, hints, rules, feedback and the misconceptions.

A sentence is a :class:`Msg` (a key and its parameters) until it is shown, so one item can be
read in either language:

>>> from vint_core import Seat
>>> m = Msg.of("q_declarer", dealer=Seat.EAST)
>>> m.render("en")
'Dealer East. Who is the declarer of this auction?'
>>> m.render("de")
'Geber Ost. Wer ist der Ansager dieser Auktion?'
>>> MISCONCEPTIONS["three_pass_end"].name.render("de")
'ein Ende nach drei Pässen'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vint_core.i18n import rules_title, seat_name, side_name
from vint_core.seats import Seat, Side

# key -> (English, German)
_TEXTS: dict[str, tuple[str, str]] = {
    # -- the question types' prompts -----------------------------------------
    "q_partner": ("Who is {seat}'s partner?",
                  "Wer ist der Partner von {seat}?"),
    "q_first_card": ("{dealer} deals. Who receives {card}?",
                     "{dealer} gibt. Wer bekommt {card}?"),
    "q_card_first": ("the first card", "die erste Karte"),
    "q_card_n": ("card number {number} of the pack", "die {number}. Karte des Kartenspiels"),
    "q_next_dealer": ("{dealer} dealt deal {deal_number} of the rubber; it was {how}. "
                      "Who deals deal {after}?",
                      "{dealer} hat Spiel {deal_number} des Rubbers gegeben; es wurde {how}. "
                      "Wer gibt Spiel {after}?"),
    "q_played": ("played", "gespielt"),
    "q_rules": ("Rules: {title}: {about}.", "Regeln: {title}: {about}."),
    "q_deal_of_rubber": ("Deal {deal_number} of the rubber. ", "Spiel {deal_number} des Rubbers. "),
    "q_nothing": ("", ""),
    "q_passed_out": ("passed out", "eingepasst"),
    "q_next_bid_legal": ("{deal}The auction so far (dealer {dealer}). May {seat} bid {bid} now?",
                         "{deal}Die Auktion bisher (Geber {dealer}). Darf {seat} jetzt {bid} bieten?"),
    "q_lowest_bid": ("{deal}The auction so far (dealer {dealer}). What is the lowest bid {seat} may make now?",
                     "{deal}Die Auktion bisher (Geber {dealer}). Was ist das niedrigste Gebot, das {seat} jetzt "
                     "abgeben darf?"),
    "q_higher_bid": ("Which bid is higher: {a} or {b}?",
                     "Welches Gebot ist höher: {a} oder {b}?"),
    "q_tricks_needed": ("{seat} is the declarer of {bid}. How many tricks must {side} take "
                        "to make the contract?",
                        "{seat} ist Ansager von {bid}. Wie viele Stiche muss {side} machen, "
                        "um den Kontrakt zu erfüllen?"),
    "q_auction_over": ("The calls so far (dealer {dealer}). Is the auction over?",
                       "Die Ansagen bisher (Geber {dealer}). Ist die Auktion vorbei?"),
    "q_declarer": ("Dealer {dealer}. Who is the declarer of this auction?",
                   "Geber {dealer}. Wer ist der Ansager dieser Auktion?"),
    "q_opening_leader": ("Dealer {dealer}. Who leads to the first trick after this auction?",
                         "Geber {dealer}. Wer spielt nach dieser Auktion zum ersten Stich aus?"),
    "q_honours_count": ("The hands as dealt. The strain is {strain}: how many honours does "
                        "each side hold?",
                        "Die Blätter, wie sie gegeben wurden. Gespielt wird {strain}: wie viele "
                        "Ehrenkarten hält jede Seite?"),
    "q_honours_points": ("The hands as dealt; the contract is {contract}. What does each side "
                         "score for honours (or aces)?",
                         "Die Blätter, wie sie gegeben wurden; der Kontrakt ist {contract}. Was "
                         "schreibt jede Seite für Ehrenkarten (oder Asse)?"),
    "q_deal_points": ("The hands as dealt; the contract is {contract}. N–S take {ns} tricks, "
                      "E–W {ew}. What does each side score for this deal (all its lines, game and rubber aside)?",
                      "Die Blätter, wie sie gegeben wurden; der Kontrakt ist {contract}. N–S "
                      "machen {ns} Stiche, O–W {ew}. Was schreibt jede Seite für dieses Spiel (alle Zeilen, "
                      "ohne Partie und Rubber)?"),
    "q_legal_cards": ("Your hand is shown; {led}; {trump}. Which cards may you play?",
                      "Dein Blatt ist abgebildet; {led}; {trump}. Welche Karten darfst du "
                      "spielen?"),
    "q_led_none": ("you lead to the trick", "du spielst zum Stich aus"),
    "q_led_suit": ("{suit} was led", "{suit} wurde ausgespielt"),
    "q_trump_none": ("the contract is in no-trump", "der Kontrakt ist Kein-Trumpf"),
    "q_trump_suit": ("trumps are {suit}", "Trumpf ist {suit}"),
    "q_trick_winner": ("{leader} leads; the cards in playing order: {cards}; {trump}. "
                       "Who wins the trick?",
                       "{leader} spielt aus; die Karten in Spielreihenfolge: {cards}; {trump}. "
                       "Wer gewinnt den Stich?"),
    "q_rubber_result": ("Game and rubber to {target}, rubber bonus {bonus}. Before the deal "
                        "N–S have {before_ns}, E–W {before_ew}. The deal scores N–S {dp_ns}, E–W {dp_ew}. "
                        "Who wins the rubber, and with what totals?",
                        "Partie und Rubber bis {target}, Rubberprämie {bonus}. Vor dem Spiel "
                        "haben N–S {before_ns}, O–W {before_ew}. Das Spiel bringt N–S {dp_ns}, O–W {dp_ew}. "
                        "Wer gewinnt den Rubber, und mit welchen Summen?"),
    # -- answers as words ---------------------------------------------------
    "yes": ("yes", "ja"),
    "no": ("no", "nein"),
    "nobody_passed_out": ("nobody: the deal is passed out", "niemand: das Spiel wird eingepasst"),
    "no_bid_over": ("no bid: the auction is over", "kein Gebot: die Auktion ist vorbei"),
    "rubber_goes_on": ("no winner yet: {totals}", "noch kein Sieger: {totals}"),
    "rubber_won": ("{side} win: {totals}", "{side} gewinnen: {totals}"),
    "no_cards": ("no card", "keine Karte"),
    "plain": ("{text}", "{text}"),
    "contract_by": ("{bid} by {seat}", "{bid} von {seat}"),
    "per_side_value": ("N–S {ns}, E–W {ew}", "N–S {ns}, O–W {ew}"),
    # -- hints -----------------------------------------------------------------
    "h_partner": ("Partners sit opposite each other.", "Partner sitzen einander gegenüber."),
    "h_first_card": ("The dealer starts with the player on his left and goes round clockwise, one card at a time.",
                     "Der Geber beginnt beim Spieler links von ihm und gibt im Uhrzeigersinn, Karte für Karte."),
    "h_next_dealer": ("Where does the deal go after every deal, played or passed out?",
                      "Wohin geht das Geben nach jedem Spiel, gespielt oder eingepasst?"),
    "h_next_bid_legal": ("A bid must outrank the highest bid: a higher level, or the same level in a higher "
                         "strain (♠ < ♣ < ♦ < ♥ < NT).",
                         "Ein Gebot muss das höchste überbieten: höhere Stufe, oder gleiche Stufe in höherer Farbe "
                         "(♠ < ♣ < ♦ < ♥ < NT)."),
    "h_next_bid_legal_limits": ("A bid must outrank the highest bid: a higher level, or the same level in a higher "
                                "strain (♠ < ♣ < ♦ < ♥ < NT). Check the rule set's own limits too.",
                                "Ein Gebot muss das höchste überbieten: höhere Stufe, oder gleiche Stufe in höherer "
                                "Farbe (♠ < ♣ < ♦ < ♥ < NT). Prüfe auch die Grenzen des Regelwerks."),
    "h_lowest_bid": ("Start from the highest bid and go up one step in Vint's order ♠ < ♣ < ♦ < ♥ < NT.",
                     "Geh vom höchsten Gebot einen Schritt in Vints Reihenfolge ♠ < ♣ < ♦ < ♥ < NT hinauf."),
    "h_lowest_bid_min": ("Start from the highest bid and go up one step in Vint's order ♠ < ♣ < ♦ < ♥ < NT; "
                         "mind this deal's minimum level.",
                         "Geh vom höchsten Gebot einen Schritt in Vints Reihenfolge ♠ < ♣ < ♦ < ♥ < NT hinauf; "
                         "beachte die Mindeststufe dieses Spiels."),
    "h_higher_bid": ("Compare the levels first; only at the same level does the strain decide.",
                     "Vergleiche zuerst die Stufen; nur bei gleicher Stufe entscheidet die Farbe."),
    "h_tricks_needed": ("A bid of n promises 6 + n tricks.", "Ein Gebot der Stufe n verspricht 6 + n Stiche."),
    "h_auction_over": ("Count the passes in a row since the last bid, and compare with the rule set.",
                       "Zähle die Pässe in Folge seit dem letzten Gebot und vergleiche mit dem Regelwerk."),
    "h_declarer": ("Find the highest bid of the auction: who made it?",
                   "Suche das höchste Gebot der Auktion: wer hat es abgegeben?"),
    "h_opening_leader": ("First find the declarer; the player on his left leads.",
                         "Suche zuerst den Ansager; der Spieler links von ihm spielt aus."),
    "h_honours_count": ("Count per partnership, on the cards as dealt: A K Q J 10 of trumps; at no-trump the "
                        "four aces.",
                        "Zähle je Partnerschaft in den gegebenen Karten: A K Q J 10 in Trumpf; bei Kein-Trumpf "
                        "die vier Asse."),
    "h_honours_points": ("Find the trick value first (10 × level, +10 at no-trump), then the rule set's honour "
                         "tiers.",
                         "Bestimme zuerst den Stichwert (10 × Stufe, +10 bei Kein-Trumpf), dann die Ehrenstufen "
                         "des Regelwerks."),
    "h_deal_points": ("Line by line: tricks for both sides, undertricks, slams for whichever side, honours as "
                      "dealt.",
                      "Zeile für Zeile: Stiche für beide Seiten, Unterstiche, Schlemms für jede Seite, Ehren wie "
                      "gegeben."),
    "h_legal_cards": ("Follow suit if you can; if you cannot, any card will do.",
                      "Bediene, wenn du kannst; wenn nicht, ist jede Karte erlaubt."),
    "h_trick_winner": ("The highest trump wins; without a trump, the highest card of the suit led.",
                       "Der höchste Trumpf gewinnt; fällt kein Trumpf, die höchste Karte der ausgespielten Farbe."),
    "h_rubber_result": ("Add the deal to the totals; a side at or over the target wins, the higher one if both "
                        "are; the winner adds the rubber bonus.",
                        "Addiere das Spiel zu den Summen; eine Seite am oder über dem Ziel gewinnt, bei beiden die "
                        "höhere; der Sieger bekommt die Rubberprämie."),
    # -- explanations ----------------------------------------------------------
    "x_partner": ("{partner} sits opposite {seat}: together they are {side}. {left} and {right}, beside "
                  "{seat}, are the opponents.",
                  "{partner} sitzt {seat} gegenüber: zusammen sind sie {side}. {left} und {right} neben {seat} "
                  "sind die Gegner."),
    "x_first_card": ("{dealer} deals the first card to {first}, on his left, and goes on clockwise; he gets the "
                     "fourth card himself.",
                     "{dealer} gibt die erste Karte an {first}, links von ihm, und weiter im Uhrzeigersinn; die "
                     "vierte Karte bekommt er selbst."),
    "x_card_number": ("Every four cards the round starts again on the dealer's left: card {number} is card {pos} "
                      "of its round, so it goes to {seat}.",
                      "Alle vier Karten beginnt die Runde wieder links vom Geber: Karte {number} ist die {pos}. "
                      "ihrer Runde, also bekommt sie {seat}."),
    "x_next_dealer": ("The deal passes to the left after every deal, played or passed out: after {dealer}, "
                      "{next} deals.",
                      "Das Geben geht nach jedem Spiel, gespielt oder eingepasst, nach links: nach {dealer} gibt "
                      "{next}."),
    "x_bid_legal": ("{bid} by {seat} is legal: {reason}", "{bid} von {seat} ist zulässig: {reason}"),
    "x_outranks": ("it outranks {top}", "es überbietet {top}"),
    "x_first_bid": ("it is the first bid, at or above level {level}",
                    "es ist das erste Gebot, mindestens Stufe {level}"),
    "x_first_bid_any": ("it is the first bid", "es ist das erste Gebot"),
    "x_min_level": ("In this deal every bid must be at level {level} or higher.",
                    "In diesem Spiel muss jedes Gebot mindestens Stufe {level} haben."),
    "x_passes_so_far": ("Passes in a row since the last bid: {n}; under {rules}, {end} end the auction.",
                        "Pässe in Folge seit dem letzten Gebot: {n}; bei {rules} beenden {end} die Auktion."),
    "x_passes_no_bid": ("Passes so far, and no bid: {n}; under {rules}, {end} pass the deal out.",
                        "Pässe bisher, ohne Gebot: {n}; bei {rules} passen {end} das Spiel ein."),
    # the same under the course's own rules, which go without saying
    "x_passes_so_far_own": ("Passes in a row since the last bid: {n}; {end} end the auction.",
                            "Pässe in Folge seit dem letzten Gebot: {n}; {end} beenden die Auktion."),
    "x_passes_no_bid_own": ("Passes so far, and no bid: {n}; {end} pass the deal out.",
                            "Pässe bisher, ohne Gebot: {n}; {end} passen das Spiel ein."),
    "x_last_bid": ("The last call, {bid}, is a bid: the auction goes on.",
                   "Die letzte Ansage, {bid}, ist ein Gebot: die Auktion geht weiter."),
    "x_lowest": ("The lowest legal bid is {bid}; the highest bid so far is {top}.",
                 "Das niedrigste zulässige Gebot ist {bid}; das bisher höchste ist {top}."),
    "x_lowest_first": ("No bid has been made: the lowest bid is {bid}.",
                       "Noch kein Gebot: das niedrigste ist {bid}."),
    "x_higher": ("{high} outranks {low} under {rules}.", "{high} überbietet {low} bei {rules}."),
    "x_higher_own": ("{high} outranks {low}.", "{high} überbietet {low}."),
    "x_tricks_needed": ("{bid} promises 6 + {level} = {tricks} tricks.",
                        "{bid} verspricht 6 + {level} = {tricks} Stiche."),
    "x_final_bid": ("The final bid is {bid} by {seat}: {seat} is the declarer.",
                    "Das letzte Gebot ist {bid} von {seat}: {seat} ist Ansager."),
    "x_passed_out": ("Nobody bid: the deal is passed out, nobody declares and nobody leads.",
                     "Niemand hat geboten: das Spiel ist eingepasst, es gibt keinen Ansager und kein Ausspiel."),
    "x_leader": ("{leader} sits on the declarer's ({declarer}) left and leads.",
                 "{leader} sitzt links vom Ansager ({declarer}) und spielt aus."),
    "x_honours_held": ("{side} hold {n}: {cards}.", "{side} halten {n}: {cards}."),
    "x_honours_kind_suit": ("Honours at {strain}: A K Q J 10 of {strain}.",
                            "Ehren bei {strain}: A K Q J 10 in {strain}."),
    "x_honours_kind_nt": ("At no-trump the honours are the four aces.",
                          "Bei Kein-Trumpf sind die Ehren die vier Asse."),
    "x_no_honours": ("No side scores honours here.", "Hier schreibt keine Seite Ehren."),
    "x_follow": ("You hold {suit}: you must follow suit.", "Du hast {suit}: du musst bedienen."),
    "x_void": ("You hold no {suit}: any card may be played; there is no duty to trump.",
               "Du hast kein {suit}: jede Karte ist erlaubt; es gibt keinen Trumpfzwang."),
    "x_lead": ("You lead: any card may be led.", "Du spielst aus: jede Karte darf ausgespielt werden."),
    "x_trick_trump": ("{card} of {seat} is the highest trump: {seat} wins.",
                      "{card} von {seat} ist der höchste Trumpf: {seat} gewinnt."),
    "x_trick_led": ("No trump was played; {card} of {seat} is the highest {suit}: {seat} wins.",
                    "Es fiel kein Trumpf; {card} von {seat} ist die höchste {suit}-Karte: {seat} gewinnt."),
    "x_totals": ("Totals after the deal: {totals}.", "Summen nach dem Spiel: {totals}."),
    "x_rubber_won": ("{side} reached {target}{both}: {side} win the rubber and add {bonus}.",
                     "{side} haben {target} erreicht{both}: {side} gewinnen den Rubber und bekommen {bonus}."),
    "x_rubber_both": (" and have the higher total", " und haben die höhere Summe"),
    "x_rubber_tie": ("Both sides passed {target} with equal totals: the rubber goes on.",
                     "Beide Seiten haben {target} mit gleicher Summe überschritten: der Rubber geht weiter."),
    "x_rubber_none": ("Neither side has reached {target}: the rubber goes on.",
                      "Keine Seite hat {target} erreicht: der Rubber geht weiter."),
    # -- the practice page ----------------------------------------------------------
    "ui_title": ("Vint practice", "Vint üben"),
    "ui_topics": ("Topics", "Themen"),
    "ui_learner": ("Your name", "Dein Name"),
    "ui_learner_hint": ("up to {n} characters", "bis zu {n} Zeichen"),
    "ui_learner_cut": ("Your name is kept to its first {n} characters.",
                       "Dein Name wird auf seine ersten {n} Zeichen gekürzt."),
    "ui_check": ("Check", "Prüfen"),
    "ui_hint": ("Hint", "Tipp"),
    "ui_next": ("Next question", "Nächste Frage"),
    "ui_try_again": ("Try again", "Noch einmal versuchen"),
    "ui_show_answer": ("Show the answer", "Antwort zeigen"),
    "ui_rules": ("Rules", "Regeln"),
    "ui_language": ("Language", "Sprache"),
    "ui_rules_changed": ("From this question on: {title}.", "Ab dieser Frage: {title}."),
    "ui_export": ("Export answers (CSV)", "Antworten exportieren (CSV)"),
    "ui_exported": ("{n} answers written to {name}.", "{n} Antworten in {name} geschrieben."),
    "ui_download": ("Download the CSV", "CSV herunterladen"),
    "ui_score": ("Score", "Punktestand"),
    "ui_score_topic": ("{topic}: {right} of {total}", "{topic}: {right} von {total}"),
    "ui_mastery": ("Mastery", "Beherrschung"),
    "ui_none_yet": ("No answers yet.", "Noch keine Antworten."),
    "ui_pick_choice": ("Choose an answer first.", "Wähle zuerst eine Antwort."),
    "ui_pick_cards": ("Click every card you may play, then Check.",
                      "Klicke alle Karten an, die du spielen darfst, dann Prüfen."),
    "ui_number": ("Your answer", "Deine Antwort"),
    "ui_choose": ("Choose, then Check.", "Wähle, dann Prüfen."),
    "ui_explanation": ("Why:", "Warum:"),
    "ui_damaged": ("The saved progress could not be read ({error}); it was kept as {aside} and a new record "
                   "starts.",
                   "Der gespeicherte Fortschritt war nicht lesbar ({error}); er liegt jetzt unter {aside}, "
                   "eine neue Aufzeichnung beginnt."),
    "ui_damaged_kept": ("The saved progress could not be read ({error}) nor moved aside ({problem}): your answers "
                        "are not saved this time.",
                        "Der gespeicherte Fortschritt war nicht lesbar ({error}) und ließ sich nicht beiseitelegen "
                        "({problem}): deine Antworten werden diesmal nicht gespeichert."),
    "ui_resumed": ("Welcome back: {n} answers so far.", "Willkommen zurück: bisher {n} Antworten."),
    "ui_failed": ("Something went wrong here; your progress is saved. Try the next question.",
                  "Hier ist etwas schiefgegangen; dein Fortschritt ist gespeichert. Versuche die nächste Frage."),
    "topic_table": ("the table: seats and the deal", "der Tisch: Plätze und das Geben"),
    "topic_overbidding": ("overbidding", "Überbieten"),
    "topic_auction": ("the auction", "die Auktion"),
    "topic_honours": ("honours", "Ehrenkarten"),
    "topic_scoring": ("scoring", "Wertung"),
    "topic_play": ("play", "Spiel der Karten"),
    "topic_rubber": ("the rubber", "der Rubber"),
    "type_partner": ("who is whose partner", "wer mit wem spielt"),
    "type_first_card": ("who gets which card", "wer welche Karte bekommt"),
    "type_next_dealer": ("who deals next", "wer als Nächster gibt"),
    "type_next_bid_legal": ("may this bid be made?", "ist dieses Gebot erlaubt?"),
    "type_lowest_bid": ("the lowest bid", "das niedrigste Gebot"),
    "type_higher_bid": ("the higher bid", "das höhere Gebot"),
    "type_tricks_needed": ("tricks a bid promises", "versprochene Stiche"),
    "type_auction_over": ("is the auction over?", "ist die Auktion vorbei?"),
    "type_declarer": ("the declarer", "der Ansager"),
    "type_opening_leader": ("the opening lead", "das erste Ausspiel"),
    "type_honours_count": ("counting honours", "Ehren zählen"),
    "type_honours_points": ("honour points", "Ehrenpunkte"),
    "type_deal_points": ("a deal's points", "die Punkte eines Spiels"),
    "type_legal_cards": ("legal cards", "erlaubte Karten"),
    "type_trick_winner": ("who wins the trick", "wer den Stich gewinnt"),
    "type_rubber_result": ("the rubber", "der Rubber"),
    # -- feedback ---------------------------------------------------------------
    "f_right": ("Right. {why}", "Richtig. {why}"),
    "f_mistake": ("Not right. The mistake: {name}. {rule}", "Nicht richtig. Der Fehler: {name}. {rule}"),
    "f_wrong": ("Not right: the answer is {answer}. {why}", "Nicht richtig: die Antwort ist {answer}. {why}"),
    "f_unreadable": ("This answer cannot be read: {detail}", "Diese Antwort ist nicht lesbar: {detail}"),
    # the headline over the explanation, which the explanation does not repeat
    "f_right_short": ("Right.", "Richtig."),
    "f_wrong_short": ("Not right: the answer is {answer}.", "Nicht richtig: die Antwort ist {answer}."),
    # a wrong try: the answer is not shown yet
    "f_try_mistake": ("Not right. The mistake: {name}. {rule} Try again, or show the answer.",
                      "Nicht richtig. Der Fehler: {name}. {rule} Versuche es noch einmal, oder lass dir die Antwort "
                      "zeigen."),
    "f_try": ("Not right. Try again, or show the answer.",
              "Nicht richtig. Versuche es noch einmal, oder lass dir die Antwort zeigen."),
}


@dataclass(frozen=True, slots=True)
class Msg:
    """A sentence not yet put into a language: a key of the catalogue and its parameters.

    A parameter that is itself a ``Msg`` is rendered in the same language first.
    """

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> Msg:
        if key not in _TEXTS:
            raise KeyError(key)
        return cls(key, tuple(params.items()))

    def render(self, lang: str = "en") -> str:
        return say_key(self.key, lang, dict(self.params))


@dataclass(frozen=True, slots=True)
class RuleSetName:
    """A rule set as a learner reads its name: in words, in the learner's language, not by its code name.

    >>> RuleSetName("foster_1897").render("de")
    'Foster 1897 (Regeln nach Hoyle)'
    """

    name: str

    def render(self, lang: str = "en") -> str:
        return rules_title(self.name, lang)


def _word(value: Any, lang: str) -> Any:
    """A parameter as it reads in ``lang``: a sentence rendered, a seat or side by name, ``None`` as a dash."""
    if hasattr(value, "render"):
        return value.render(lang)
    if isinstance(value, Seat):
        return seat_name(value, lang)
    if isinstance(value, Side):
        return side_name(value, lang)
    if value is None:
        return "—"
    return value if isinstance(value, (int, float, str)) else str(value)


def say_key(key: str, lang: str, params: Mapping[str, Any]) -> str:
    """The sentence ``key`` in ``lang`` with ``params`` filled in (seats and sides by name)."""
    template = _TEXTS[key][1 if lang.lower().startswith("de") else 0]
    return template.format(**{k: _word(v, lang) for k, v in params.items()})


@dataclass(frozen=True, slots=True)
class Misconception:
    """A named mistake learners make, with the rule that corrects it."""

    id: str
    name: Msg
    rule: Msg


_MISCONCEPTIONS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    # the ten most common: the mistakes docs/rules.md §7 lists (some of its items name two)
    "bridge_order": (("bridge's strain order", "die Farbreihenfolge des Bridge"),
                     ("In Vint the strains run ♠ < ♣ < ♦ < ♥ < NT: spades are the lowest, clubs second "
                      "(in bridge clubs are lowest).",
                      "Im Vint gilt ♠ < ♣ < ♦ < ♥ < NT: Pik ist die niedrigste Farbe, Kreuz die zweite "
                      "(im Bridge ist Kreuz die niedrigste).")),
    "three_pass_end": (("a three-pass end", "ein Ende nach drei Pässen"),
                       ("Once a bid has been made, the auction ends only after the rule set's passes in a row: "
                        "eight under Standard Vint (each player, the last bidder included, passes twice), three "
                        "only under Foster 1897.",
                        "Nach einem Gebot endet die Auktion erst nach den Pässen in Folge, die das Regelwerk "
                        "verlangt: acht bei Standard-Vint (jeder, auch der letzte Bieter, passt zweimal), drei nur "
                        "bei Foster 1897.")),
    "dealer_left_leads": (("the dealer's left leads", "links vom Geber spielt aus"),
                          ("The player on the declarer's left leads to the first trick, wherever the dealer sits.",
                           "Der Spieler links vom Ansager spielt zum ersten Stich aus, egal wo der Geber sitzt.")),
    "declarers_only_score": (("only the declarers score tricks", "nur die Ansager schreiben Stiche"),
                             ("In Vint both sides score every trick they take at the contract's trick value.",
                              "Im Vint schreiben beide Seiten jeden Stich, den sie machen, zum Stichwert des "
                              "Kontrakts.")),
    "odd_tricks_only": (("counting odd tricks only", "nur Stiche über sechs gezählt"),
                        ("Every trick counts, the first six too: there is no book of six as in bridge.",
                         "Jeder Stich zählt, auch die ersten sechs: es gibt kein Buch von sechs wie im Bridge.")),
    "honours_from_tricks": (("honours counted from tricks won", "Ehren aus gewonnenen Stichen gezählt"),
                            ("Honours are judged on the cards as dealt and go to the side that held them, "
                             "whoever won the tricks.",
                             "Ehren zählen nach den gegebenen Karten und gehören der Seite, die sie hielt, "
                             "gleich wer die Stiche gewann.")),
    "kings_at_nt": (("kings counted at no-trump", "Könige bei Kein-Trumpf gezählt"),
                    ("At no-trump only the four aces count as honours.",
                     "Bei Kein-Trumpf zählen nur die vier Asse als Ehren.")),
    "slams_declarers_only": (("slams only for the declarers", "Schlemm nur für die Ansager"),
                             ("A side that takes 12 or 13 tricks scores the slam, declarers or defenders, bid or "
                              "not.",
                              "Eine Seite mit 12 oder 13 Stichen schreibt den Schlemm, Ansager wie Gegner, geboten "
                              "oder nicht.")),
    "bid_is_tricks": (("a bid of one meaning one trick", "ein Gebot von eins heißt ein Stich"),
                      ("A bid of n promises 6 + n tricks: one is seven tricks, seven is all thirteen.",
                       "Ein Gebot der Stufe n verspricht 6 + n Stiche: eins sind sieben Stiche, sieben alle "
                       "dreizehn.")),
    "must_trump": (("a duty to trump when void", "Trumpfzwang bei Fehlfarbe"),
                   ("A player who cannot follow suit may play any card: there is no duty to trump.",
                    "Wer nicht bedienen kann, darf jede Karte spielen: es gibt keinen Trumpfzwang.")),
    # more of the learners' mistakes
    "must_raise_level": (("a higher bid needs a higher level", "ein höheres Gebot braucht eine höhere Stufe"),
                         ("At the same level a higher strain outranks: 1♦ over 1♣ is a legal, higher bid.",
                          "Auf gleicher Stufe überbietet eine höhere Farbe: 1♦ über 1♣ ist ein zulässiges, "
                          "höheres Gebot.")),
    "strain_over_level": (("the strain counts before the level", "die Farbe zählt vor der Stufe"),
                          ("The level decides first: 2♠ outranks 1NT. Only at the same level does the strain "
                           "decide.",
                           "Zuerst entscheidet die Stufe: 2♠ überbietet 1NT. Nur bei gleicher Stufe entscheidet "
                           "die Farbe.")),
    "min_level_ignored": (("forgetting the progressive minimum", "die progressive Mindeststufe vergessen"),
                          ("Under Progressive the n-th deal of a rubber must be bid at level ((n − 1) mod 7) + 1 "
                           "or higher.",
                           "Bei Progressiv muss im n-ten Spiel eines Rubbers mindestens Stufe ((n − 1) mod 7) + 1 "
                           "geboten werden.")),
    "pass_is_final": (("a pass is final", "ein Pass ist endgültig"),
                      ("A player who passed may bid later: a pass does not shut him out of the auction.",
                       "Wer gepasst hat, darf später wieder bieten: ein Pass schließt ihn nicht aus.")),
    "no_nt_in_whist_vint": (("no-trump in whist vint", "Kein-Trumpf im Whist-Vint"),
                            ("Whist vint knows only the four suits: no-trump cannot be bid.",
                             "Whist-Vint kennt nur die vier Farben: Kein-Trumpf kann nicht geboten werden.")),
    "eight_passes_everywhere": (("eight passes under every rule set", "acht Pässe in jedem Regelwerk"),
                                ("Under Foster 1897 three passes in a row after a bid end the auction; only the "
                                 "other rule sets need eight.",
                                 "Bei Foster 1897 beenden drei Pässe in Folge nach einem Gebot die Auktion; nur die "
                                 "anderen Regelwerke verlangen acht.")),
    "bridge_declarer": (("bridge's declarer", "der Alleinspieler des Bridge"),
                        ("The player who made the final bid is the declarer, not the partner who first named the "
                         "strain.",
                         "Ansager ist, wer das letzte Gebot abgab, nicht der Partner, der die Farbe zuerst "
                         "nannte.")),
    "opener_declares": (("the opener declares", "der Eröffner spielt"),
                        ("The declarer is the player who made the final (highest) bid, not the first bidder.",
                         "Ansager ist, wer das letzte (höchste) Gebot abgab, nicht wer zuerst geboten hat.")),
    "declarer_leads": (("the declarer leads", "der Ansager spielt aus"),
                       ("The declarer does not lead: the player on his left leads to the first trick.",
                        "Der Ansager spielt nicht aus: der Spieler links von ihm spielt zum ersten Stich aus.")),
    "whist_honours": (("whist's four honours", "die vier Honneurs des Whist"),
                      ("In Vint the honours are A K Q J and 10 of trumps: five cards, the ten included.",
                       "Im Vint sind die Ehren A K Q J und 10 in Trumpf: fünf Karten, die Zehn eingeschlossen.")),
    "one_hand": (("one hand instead of the partnership", "ein Blatt statt der Partnerschaft"),
                 ("Honours belong to a partnership: the two hands of a side are counted together.",
                  "Ehren gehören der Partnerschaft: die beiden Blätter einer Seite werden zusammengezählt.")),
    "honours_declarers_only": (("honours only for the declarers", "Ehren nur für die Ansager"),
                               ("Honours go to the side that holds them, declaring or defending, made or not.",
                                "Ehren gehören der Seite, die sie hält, Ansager oder Gegner, erfüllt oder nicht.")),
    "three_honours_score": (("three honours scoring", "drei Ehren zählen"),
                            ("Three honours (or three aces) score the rule set's three-honour tier: nothing "
                             "under Standard Vint, 4 × the trick value only for three aces under the scaled option.",
                             "Drei Ehren (oder drei Asse) bringen die Dreierstufe des Regelwerks: bei Standard-Vint "
                             "nichts, 4 × Stichwert nur für drei Asse mit der Option scaled.")),
    "no_nt_surcharge": (("no-trump at 10 × level", "Kein-Trumpf zu 10 × Stufe"),
                        ("At no-trump every trick is worth 10 more: 1NT = 20, 3NT = 40, and every multiple "
                         "(honours, undertricks) uses that full trick value.",
                         "Bei Kein-Trumpf ist jeder Stich 10 mehr wert: 1NT = 20, 3NT = 40, und jedes Vielfache "
                         "(Ehren, Unterstiche) nimmt diesen vollen Stichwert.")),
    "no_undertricks": (("forgetting the undertricks", "die Unterstiche vergessen"),
                       ("Each trick the declarers fall short pays the defenders a penalty, on top of their "
                        "trick points.",
                        "Jeder fehlende Stich der Ansager bringt den Gegnern eine Strafe, zusätzlich zu ihren "
                        "Stichpunkten.")),
    "seed_tiers_under_foster": (("Standard Vint's honour tiers under Foster",
                                 "die Ehrenstufen von Standard-Vint bei Foster"),
                                ("Under Foster 1897 the side with the majority of a count scores 10 × the trick "
                                 "value per card it holds (aces at no-trump 25 ×); Standard Vint's tiers do not apply.",
                                 "Bei Foster 1897 schreibt die Seite mit der Mehrheit 10 × Stichwert je gehaltener "
                                 "Karte (Asse bei Kein-Trumpf 25 ×); die Stufen von Standard-Vint gelten nicht.")),
    "honours_in_whist_vint": (("honours in whist vint", "Ehren im Whist-Vint"),
                              ("Whist vint scores no honours (and no slams): only tricks and undertricks count.",
                               "Whist-Vint kennt keine Ehren (und keine Schlemms): nur Stiche und Unterstiche "
                               "zählen.")),
    "no_follow_duty": (("no duty to follow suit", "kein Bedienzwang"),
                       ("A player who holds a card of the suit led must play one.",
                        "Wer eine Karte der ausgespielten Farbe hat, muss bedienen.")),
    "trump_instead_of_following": (("trumping while holding the suit led", "trumpfen trotz der ausgespielten "
                                    "Farbe"),
                                   ("You may trump only when you hold no card of the suit led.",
                                    "Trumpfen darf nur, wer keine Karte der ausgespielten Farbe hat.")),
    "trump_ignored": (("the trump forgotten", "den Trumpf vergessen"),
                      ("Any trump beats every card of the other suits: the highest trump wins the trick.",
                       "Jeder Trumpf schlägt alle Karten der anderen Farben: der höchste Trumpf gewinnt den "
                       "Stich.")),
    "highest_card_wins": (("the highest card of any suit", "die höchste Karte gleich welcher Farbe"),
                          ("A card of another suit that is not a trump never wins, however high.",
                           "Eine Karte einer anderen Farbe, die kein Trumpf ist, gewinnt nie, wie hoch sie auch "
                           "ist.")),
    "first_trump_wins": (("the first trump wins", "der erste Trumpf gewinnt"),
                         ("When several trumps are played, the highest one wins, not the first.",
                          "Wenn mehrere Trümpfe fallen, gewinnt der höchste, nicht der erste.")),
    "partner_beside": (("a partner beside you", "ein Partner neben dir"),
                       ("Partners sit opposite each other, North with South and East with West; the players on "
                        "your left and right are your opponents.",
                        "Partner sitzen einander gegenüber, Nord mit Süd und Ost mit West; die Spieler links und "
                        "rechts von dir sind deine Gegner.")),
    "dealer_served_first": (("the dealer served first", "der Geber bekommt die erste Karte"),
                            ("The dealer deals the first card to the player on his left; his own first card is "
                             "the fourth.",
                             "Der Geber gibt die erste Karte an den Spieler links von ihm; seine eigene erste Karte "
                             "ist die vierte.")),
    "dealing_to_the_right": (("dealing to the right", "nach rechts geben"),
                             ("The cards go round clockwise, starting on the dealer's left: North deals to East "
                              "first, then South, West and himself.",
                              "Die Karten gehen im Uhrzeigersinn herum, beginnend links vom Geber: Nord gibt zuerst "
                              "an Ost, dann Süd, West und sich selbst.")),
    "deal_passes_right": (("the deal passing to the right", "das Geben geht nach rechts"),
                          ("The deal passes to the left, clockwise: the player on the dealer's left deals next "
                           "(after North, East).",
                           "Das Geben geht nach links, im Uhrzeigersinn: der Spieler links vom Geber gibt als "
                           "Nächster (nach Nord gibt Ost).")),
    "dealer_deals_again": (("the same dealer again", "derselbe Geber noch einmal"),
                           ("After every deal, played or passed out, the deal passes to the left: nobody deals "
                            "twice in a row, not even after a passed-out deal.",
                            "Nach jedem Spiel, gespielt oder eingepasst, geht das Geben nach links: niemand gibt "
                            "zweimal hintereinander, auch nicht nach einem eingepassten Spiel.")),
    "no_rubber_bonus": (("forgetting the rubber bonus", "die Rubberprämie vergessen"),
                        ("The side that wins the rubber adds the rubber bonus to its total.",
                         "Die Seite, die den Rubber gewinnt, bekommt die Rubberprämie dazu.")),
    "wrong_target": (("the other rule set's target", "das Ziel des anderen Regelwerks"),
                     ("Under Standard Vint, Progressive and Whist-Vint the rubber is one game to 1000; in a Short "
                      "rubber to 500.",
                      "Bei Standard-Vint, Progressiv und Whist-Vint ist der Rubber eine Partie bis 1000; im kurzen "
                      "Rubber bis 500.")),
    "undertricks_single": (("undertricks at the trick value", "Unterstiche zum einfachen Stichwert"),
                           ("Each trick short pays the defenders twice the trick value (under Standard Vint), besides "
                            "their own trick points.",
                            "Jeder fehlende Stich bringt den Gegenspielern den doppelten Stichwert (bei "
                            "Standard-Vint), zusätzlich zu ihren eigenen Stichpunkten.")),
    "both_over_plays_on": (("no winner when both pass the target", "kein Sieger, wenn beide das Ziel erreichen"),
                           ("When both sides reach the target in the same deal, the higher total wins; only an "
                            "exact tie plays on.",
                            "Erreichen beide Seiten das Ziel im selben Spiel, gewinnt die höhere Summe; nur bei "
                            "genau gleicher Summe geht es weiter.")),
}

#: every misconception the quizzes and the exercises' checks name, by its id
MISCONCEPTIONS: dict[str, Misconception] = {}
for _id, ((_en, _de), (_ren, _rde)) in _MISCONCEPTIONS.items():
    _TEXTS[f"m_{_id}"] = (_en, _de)
    _TEXTS[f"r_{_id}"] = (_ren, _rde)
    MISCONCEPTIONS[_id] = Misconception(_id, Msg.of(f"m_{_id}"), Msg.of(f"r_{_id}"))

__all__ = ["MISCONCEPTIONS", "Misconception", "Msg", "RuleSetName", "say_key"]
