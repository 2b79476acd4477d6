"""The message catalogue: every sentence a learner reads, in English and German.

Each entry is a template with named placeholders, the same in both languages.
Parameters that are words are put into the message's language too: seats and
sides, a :class:`Phrase` (a catalogue sentence not yet in a language, used for
the part of a message that varies) and a nested :class:`~vint_core.errors.VintError`.
A placeholder without its parameter is a programming error
(:class:`CatalogueError`), never a half-filled sentence. Errors and phrases
must also use every parameter they are given; other sentences may be given
more than they use (one score line's facts serve the sentence for a suit and
the one for no-trump), and the tests check that both languages of an entry
use the same placeholders.

>>> from vint_core import Seat
>>> seat_name(Seat.SOUTH, "de"), text("your_turn", "de", seat=Seat.SOUTH)
('Süd', 'Süd ist am Zug')
>>> Phrase("deal_hand_size", seat=Seat.SOUTH, n=12).text("de")
'Süd hat 12 Karten, nicht 13'
>>> text("your_turn", "en")
Traceback (most recent call last):
...
vint_core.i18n.CatalogueError: the message '{seat} to act' needs the parameter(s) seat
"""

from __future__ import annotations

import enum
import string
from collections.abc import Iterator, Mapping
from typing import Any

LANGUAGES = ("en", "de")

__all__ = ["LANGUAGES", "CatalogueError", "Phrase", "bot_about", "bot_text", "bot_title", "entries", "error_message",
           "placeholders", "rules_about", "rules_short", "rules_title", "score_text", "seat_name", "side_name",
           "text"]

_SEATS = {"en": ("North", "East", "South", "West"), "de": ("Nord", "Ost", "Süd", "West")}
_SIDES = {"en": ("N–S", "E–W"), "de": ("N–S", "O–W")}

# Each entry: (English, German); a tuple of two such pairs means (singular, plural) chosen by n.
# keyed by the value of a vint_core.errors.Reason (the catalogue imports nothing of vint_core: it is the bottom)
_ERRORS: dict[str, tuple[str, str]] = {
    "bad_card": ("'{text}' is not a card: write a rank and a suit, like 10♥, TH or ♠A",
                      "„{text}“ ist keine Karte: schreibe Rang und Farbe, etwa 10♥, TH oder ♠A"),
    "bad_call": ("'{text}' is not a call: write Pass, or a level 1–7 and a strain, like 1♠, 2NT or 3H",
                      "„{text}“ ist keine Ansage: schreibe Pass oder Stufe 1–7 und Farbe, etwa 1♠, 2NT oder 3H"),
    "bad_seat": ("'{text}' is not a seat: use N, E, S or W",
                      "„{text}“ ist kein Platz: N, O (E), S oder W"),
    "bad_hand": ("'{text}' is not a hand: write four suits ♠.♥.♦.♣ like AKQ.JT9.876.5432, each card once",
                      "„{text}“ ist kein Blatt: vier Farben ♠.♥.♦.♣ wie AKQ.JT9.876.5432, jede Karte einmal"),
    "bad_record": ("{detail}", "{detail}"),
    "hand_size": ("a hand has 13 cards; '{text}' has {n}", "ein Blatt hat 13 Karten; „{text}“ hat {n}"),
    "hand_too_big": ("a hand has at most 13 cards; '{text}' has {n}",
                          "ein Blatt hat höchstens 13 Karten; „{text}“ hat {n}"),
    "card_twice": ("'{text}' names {card} twice: each card can be held once",
                        "„{text}“ nennt {card} zweimal: jede Karte gibt es nur einmal"),
    "bad_pbn_deal": ("'{text}' is not a PBN deal: write the first seat, a colon and the four hands "
                          "clockwise, like N:AKQ.JT9.876.5432 … … …",
                          "„{text}“ ist keine PBN-Verteilung: schreibe den ersten Platz, einen Doppelpunkt und "
                          "die vier Blätter im Uhrzeigersinn, etwa N:AKQ.JT9.876.5432 … … …"),
    "fixed_twice": ("{card} cannot be fixed for both {seat} and {other}: each card is dealt once",
                         "{card} kann nicht zugleich {seat} und {other} gegeben werden: jede Karte wird einmal "
                         "verteilt"),
    "fixed_too_many": ("{seat} is given {n} fixed cards, but a hand has 13",
                            "{seat} bekommt {n} feste Karten, aber ein Blatt hat 13"),
    "trick_too_long": ("a trick has at most four cards, one from each seat, not {n}",
                            "ein Stich hat höchstens vier Karten, eine von jedem Platz, nicht {n}"),
    "unknown_rules": ("'{text}' is not a rule set; the rule sets are {known}",
                           "„{text}“ ist kein Regelwerk; es gibt {known}"),
    "not_rules": ("{value} is not a rule set: pass a RuleSet, like SHORT, or the name of one: {known}",
                       "{value} ist kein Regelwerk: übergib ein RuleSet, etwa SHORT, oder einen dieser Namen: {known}"),
    "bad_rules_data": ("{value} is not a rule set: write its fields as a dict, like "
                            "{{'name': 'mine', 'game_target': 500}}",
                            "{value} ist kein Regelwerk: schreibe seine Felder als dict, etwa "
                            "{{'name': 'mine', 'game_target': 500}}"),
    "unknown_rule_field": ("'{field}' is not a field of a rule set; the fields are {known}",
                                "„{field}“ ist kein Feld eines Regelwerks; die Felder heißen {known}"),
    "bad_rule_field": ("a rule set's {field} cannot be {value}: {allowed}",
                            "{field} eines Regelwerks kann nicht {value} sein: {allowed}"),
    "unknown_bot": ("unknown computer player '{text}'; the players are {known}",
                         "unbekannter Computerspieler „{text}“; es gibt {known}"),
    "unknown_bot_level": ("'{text}' is not a level of the thinking computer player; the levels are {known}",
                               "„{text}“ ist keine Stufe des nachdenkenden Computerspielers; die Stufen heißen "
                               "{known}"),
    "bad_save": ("this saved game cannot be read: {problem}",
                      "dieses gespeicherte Spiel ist nicht lesbar: {problem}"),
    "not_a_file": ("this is {kind}, not a regular file", "das ist {kind}, keine gewöhnliche Datei"),
    "file_too_big": ("the file is {size}; {kind} may be at most {limit}",
                          "die Datei ist {size} groß; {kind} darf höchstens {limit} groß sein"),
    "auction_over": ("{call} is too late: the auction is over",
                          "{call} kommt zu spät: die Auktion ist vorbei"),
    "insufficient_bid": (
        "{call} by {seat} is illegal: a bid must outrank {top} (a higher level, or the same level in a "
        "higher strain: ♠ < ♣ < ♦ < ♥ < NT)",
        "{call} von {seat} ist unzulässig: ein Gebot muss {top} überbieten (höhere Stufe, oder gleiche Stufe "
        "in höherer Farbe: ♠ < ♣ < ♦ < ♥ < NT)"),
    "below_min_level": ("{call} by {seat} is illegal: in this deal every bid must be at level {level} or higher",
                             "{call} von {seat} ist unzulässig: in diesem Spiel muss jedes Gebot mindestens "
                             "Stufe {level} haben"),
    "strain_not_allowed": ("{call} by {seat} is illegal: the rule set {rules} does not allow that strain",
                                "{call} von {seat} ist unzulässig: das Regelwerk {rules} kennt diese Farbe nicht"),
    "self_overcall": (
        "{call} by {seat} is illegal: {seat} holds the highest bid ({top}) and may bid again only after "
        "someone outbids it",
        "{call} von {seat} ist unzulässig: {seat} hält das höchste Gebot ({top}) und darf erst wieder bieten, "
        "wenn jemand überboten hat"),
    "passed_before": ("{call} by {seat} is illegal: {seat} has passed and may not bid again",
                           "{call} von {seat} ist unzulässig: {seat} hat gepasst und darf nicht mehr bieten"),
    "not_auction": ("{action} by {seat} is a call, but the auction is over: it is time to play a card",
                         "{action} von {seat} ist eine Ansage, aber die Auktion ist vorbei: jetzt wird gespielt"),
    "not_in_rules": ("{call} cannot be bid under the rule set {rules}: its strains are {strains}",
                          "{call} kann im Regelwerk {rules} nicht geboten werden: seine Farben sind {strains}"),
    "not_in_hand": ("{card} by {seat} is illegal: {seat} does not hold {card}",
                         "{card} von {seat} ist unzulässig: {seat} hat {card} nicht"),
    "must_follow": ("{card} by {seat} is illegal: {seat} must follow {suit} and holds {held}",
                         "{card} von {seat} ist unzulässig: {seat} muss {suit} bedienen und hat {held}"),
    "not_play": ("{action} by {seat} is a card, but the auction is still going on: make a call",
                      "{action} von {seat} ist eine Karte, aber die Auktion läuft noch: erst ansagen"),
    "play_over": ("{card} is too late: all 13 tricks have been played",
                       "{card} kommt zu spät: alle 13 Stiche sind gespielt"),
    "out_of_turn": ("{action} by {seat} is out of turn: it is {to_act}'s turn",
                         "{action} von {seat} ist nicht an der Reihe: {to_act} ist am Zug"),
    "deal_over": ("{action} is too late: the deal is over", "{action} kommt zu spät: das Spiel ist vorbei"),
    "nothing_to_do": ("{seat} has nothing to do now: it is not {seat}'s turn",
                           "{seat} hat jetzt nichts zu tun: {seat} ist nicht am Zug"),
    "not_started": ("the tricks still to come can only be counted once the play has begun",
                         "die restlichen Stiche lassen sich erst zählen, wenn das Spiel begonnen hat"),
    "rubber_over": ("the rubber is over ({winner} won it): start the next rubber",
                         "der Rubber ist vorbei ({winner} hat gewonnen): beginne den nächsten"),
    "wrong_deal": ("this deal does not fit the rubber: {problem}",
                        "dieses Spiel passt nicht zum Rubber: {problem}"),
    "not_finished": ("the deal is not finished yet, so it cannot be {what}",
                          "das Spiel ist noch nicht zu Ende und kann noch nicht {what} werden"),
    "bad_deal": ("this is not a deal: {problem}", "das ist kein Spiel: {problem}"),
    "bad_tricks": ("{n} tricks cannot be: a side takes 0 to 13 tricks",
                        "{n} Stiche gibt es nicht: eine Partei macht 0 bis 13 Stiche"),
    "table": ("{detail}", "{detail}"),
    "class": ("{detail}", "{detail}"),
    # the served pages' settings (vint_core.app.settings)
    "bad_setting": ("{name}: {error}", "{name}: {error}"),
    "bad_lang": ("'{text}' is not a language: en or de", "„{text}“ ist keine Sprache: en oder de"),
    "bad_seed": ("'{text}' is not a seed: a whole number from 0 to 2**64 - 1",
                 "„{text}“ ist kein Startwert: eine ganze Zahl von 0 bis 2**64 - 1"),
    "bad_pace": ("'{text}' is not a pace: {known}, or seconds from 0 to 10",
                 "„{text}“ ist kein Tempo: {known} oder Sekunden von 0 bis 10"),
    "bad_bots": ("'{text}' is not one computer player for all three or three separated by commas; the players "
                 "are {known}",
                 "„{text}“ ist weder ein Computerspieler für alle drei noch drei durch Kommas getrennte; es gibt "
                 "{known}"),
    "bad_topic": ("'{text}' is not a quiz topic; the topics are {known}",
                  "„{text}“ ist kein Quiz-Thema; es gibt {known}"),
    "bad_contract": ("'{text}' is not a contract: write a bid and the declarer, like 4♥ N, 4H N or 3NT by South",
                          "„{text}“ ist kein Kontrakt: schreibe Gebot und Alleinspieler, etwa 4♥ N, 4H N oder "
                          "3NT von Süd"),
    "bad_honours": ("N–S {ns}, E–W {ew} cannot be: between them the two sides hold all 5 trump honours",
                         "N–S {ns}, O–W {ew} gibt es nicht: die beiden Seiten halten zusammen alle 5 "
                         "Trumpf-Ehrenkarten"),
    "bad_aces": ("N–S {ns}, E–W {ew} cannot be: between them the two sides hold all 4 aces",
                      "N–S {ns}, O–W {ew} gibt es nicht: die beiden Seiten halten zusammen alle 4 Asse"),
    "aces_needed": ("under {rules} the aces count apart from the trump honours at {contract}: give "
                         "aces=PerSide(ns=…, ew=…) as well, or the four hands",
                         "unter {rules} zählen bei {contract} die Asse getrennt von den Trumpf-Ehrenkarten: gib "
                         "auch aces=PerSide(ns=…, ew=…) an, oder die vier Blätter"),
    "four_hands": ("the honours need the four hands as dealt, one for each seat (N, E, S, W), not {n}",
                        "für die Ehrenkarten braucht es die vier Blätter, eines je Platz (N, O, S, W), nicht {n}"),
    "odds_hand": ("the odds need your hand as dealt, 13 cards; this hand has {n}",
                       "für die Chancen braucht es dein Blatt wie ausgeteilt, 13 Karten; dieses hat {n}"),
    "bad_argument": ("{name} cannot be {value}: {expected}", "{name} kann nicht {value} sein: {expected}"),
    "bad_strain": ("'{text}' is not a strain: write ♠, ♣, ♦, ♥ or NT, or S, C, D, H, spades, clubs, diamonds, "
                        "hearts, no-trump",
                        "„{text}“ ist keine Farbe: schreibe ♠, ♣, ♦, ♥, NT, oder S, C, D, H, Pik, Kreuz, Karo, "
                        "Herz, Kein-Trumpf"),
}

_SCORES: dict[str, tuple[str, str] | tuple[tuple[str, str], tuple[str, str]]] = {
    "tricks": (("{side}: 1 trick × {tv} = {points}", "{side}: 1 Stich × {tv} = {points}"),
               ("{side}: {n} tricks × {tv} = {points}", "{side}: {n} Stiche × {tv} = {points}")),
    "undertricks": (("{side}: 1 undertrick × {mult} × {tv} = {points}",
                     "{side}: 1 Unterstich × {mult} × {tv} = {points}"),
                    ("{side}: {n} undertricks × {mult} × {tv} = {points}",
                     "{side}: {n} Unterstiche × {mult} × {tv} = {points}")),
    "undertricks_flat": (("{side}: 1 undertrick × {flat} = {points}", "{side}: 1 Unterstich × {flat} = {points}"),
                         ("{side}: {n} undertricks × {flat} = {points}",
                          "{side}: {n} Unterstiche × {flat} = {points}")),
    "little_slam": ("{side}: little slam (12 tricks) = {points}", "{side}: Kleinschlemm (12 Stiche) = {points}"),
    "grand_slam": ("{side}: grand slam (13 tricks) = {points}", "{side}: Großschlemm (13 Stiche) = {points}"),
    "bid_little_slam": ("{side}: little slam bid and made = {points}",
                        "{side}: Kleinschlemm angesagt und erfüllt = {points}"),
    "bid_little_slam_all": ("{side}: little slam bid, all 13 tricks made = {points}",
                            "{side}: Kleinschlemm angesagt, alle 13 Stiche = {points}"),
    "bid_grand_slam": ("{side}: grand slam bid and made = {points}",
                       "{side}: Großschlemm angesagt und erfüllt = {points}"),
    "honours": ("{side}: {n} trump honours ({cards} of {suit}) = {mult} × {tv} = {points}",
                "{side}: {n} Trumpf-Ehrenkarten ({cards} in {suit}) = {mult} × {tv} = {points}"),
    "honours_count": ("{side}: {n} trump honours of {suit} = {mult} × {tv} = {points}",
                      "{side}: {n} Trumpf-Ehrenkarten in {suit} = {mult} × {tv} = {points}"),
    "aces": ("{side}: {n} aces at no-trump = {mult} × {tv} = {points}",
             "{side}: {n} Asse bei Kein-Trumpf = {mult} × {tv} = {points}"),
    "majority_honours": ("{side}: {n} of the 5 trump honours ({cards} of {suit}) = {n} × {mult} × {tv} = {points}",
                         "{side}: {n} der 5 Trumpf-Ehrenkarten ({cards} in {suit}) = {n} × {mult} × {tv} = "
                         "{points}"),
    "majority_honours_count": ("{side}: {n} of the 5 trump honours of {suit} = {n} × {mult} × {tv} = {points}",
                               "{side}: {n} der 5 Trumpf-Ehrenkarten in {suit} = {n} × {mult} × {tv} = {points}"),
    "majority_aces": ("{side}: {n} of the 4 aces = {n} × {mult} × {tv} = {points}",
                      "{side}: {n} der 4 Asse = {n} × {mult} × {tv} = {points}"),
    "split_aces": ("{side}: aces split 2–2, 7 or more tricks taken = {n} × {mult} × {tv} = {points}",
                   "{side}: Asse 2–2 geteilt, 7 oder mehr Stiche = {n} × {mult} × {tv} = {points}"),
    "game": ("{side}: game ({target} below the line) = {points}",
             "{side}: Partie ({target} unter dem Strich) = {points}"),
    "rubber": ("{side}: rubber won = {points}", "{side}: Rubber gewonnen = {points}"),
}

_TEXTS: dict[str, tuple[str, str]] = {
    # a deal and a contract as text (Deal.text, Contract.text)
    "deal_text_head": ("Dealer {dealer}; rules: {rules}", "Geber {dealer}; Regeln: {rules}"),
    "deal_text_board": (", board {board}", ", Spiel {board}"),
    "deal_text_auction": ("Auction: {calls}", "Auktion: {calls}"),
    "deal_text_contract": ("Contract: {contract}", "Kontrakt: {contract}"),
    "deal_text_passed_out": ("Passed out", "Eingepasst"),
    "deal_text_tricks": ("Tricks: {tricks}", "Stiche: {tricks}"),
    "contract_text": ("{bid} by {declarer}", "{bid} von {declarer}"),
    # records (vint_core.pbn, vint_core.records)
    "record_unclosed_comment": ("a comment opened with '{{' is never closed",
                         "ein mit '{{' begonnener Kommentar wird nie geschlossen"),
    "record_bad_tag": ("'{text}' is not a tag: a tag reads [Name \"value\"]",
                "„{text}“ ist kein Tag: ein Tag lautet [Name \"Wert\"]"),
    "record_stray_text": ("'{text}' stands outside the auction and the play",
                   "„{text}“ steht außerhalb von Auktion und Spiel"),
    "record_missing_tag": ("the {tag} tag is missing", "das Tag {tag} fehlt"),
    "record_inherit": ("'#' asks for the {tag} of the previous deal, but there is none",
                "'#' verlangt {tag} des vorigen Spiels, aber es gibt keins"),
    "record_bad_deal_tag": ("the Deal tag must name the first seat and four hands, like "
                     "N:AKQ.JT9.876.5432 … ({text})",
                     "das Tag Deal braucht den ersten Platz und vier Blätter, etwa "
                     "N:AKQ.JT9.876.5432 … ({text})"),
    "record_bad_seat_tag": ("the {tag} tag must name a seat (N, E, S or W), not '{text}'",
                     "das Tag {tag} muss einen Platz nennen (N, E, S oder W), nicht „{text}“"),
    "record_bad_number": ("the VintDealNumber tag must be a whole number from 1, not '{text}'",
                   "das Tag VintDealNumber muss eine ganze Zahl ab 1 sein, nicht „{text}“"),
    "record_bad_rule_set": ("the VintRuleSet tag is not a rule set: {text}",
                     "das Tag VintRuleSet ist kein Regelwerk: {text}"),
    "record_rules_disagree": ("the VintRules tag names {text}, but the VintRuleSet tag is {actual}",
                       "das Tag VintRules nennt {text}, das Tag VintRuleSet aber {actual}"),
    "record_auction_seat": ("the auction must start with the dealer, {dealer}, not with {seat}",
                     "die Auktion beginnt beim Geber, {dealer}, nicht bei {seat}"),
    "record_no_doubles": ("'{text}': there are no doubles or redoubles in Vint",
                   "„{text}“: im Vint gibt es kein Kontra und Rekontra"),
    "record_after_end": ("'{text}' comes after the end mark '*'", "„{text}“ steht nach dem Schlusszeichen '*'"),
    "record_no_end": ("'AP' (all pass) does not end this auction", "'AP' (alle passen) beendet diese Auktion nicht"),
    "record_play_without_contract": ("there is a play, but the auction has not ended in a contract",
                              "es wird gespielt, aber die Auktion hat keinen Kontrakt ergeben"),
    "record_play_seat": ("the play must be written from the opening leader, {leader}, not from {seat}",
                  "das Spiel wird vom Ausspieler, {leader}, an geschrieben, nicht von {seat}"),
    "record_missing_card": ("trick {n}: {card} by {seat} is written, but an earlier card of this trick is missing",
                     "Stich {n}: {card} von {seat} steht da, aber eine frühere Karte dieses Stichs fehlt"),
    "record_after_unfinished": ("trick {n}: cards after an unfinished trick", "Stich {n}: Karten nach einem "
                         "unvollständigen Stich"),
    "record_too_many_tricks": ("trick {n}: a deal has only 13 tricks", "Stich {n}: ein Spiel hat nur 13 Stiche"),
    "record_contradiction": ("the {tag} tag says '{text}', but the auction and the play give '{actual}'",
                      "das Tag {tag} sagt „{text}“, Auktion und Spiel ergeben aber „{actual}“"),
    "record_not_one": ("expected exactly one deal, found {n}", "genau ein Spiel erwartet, {n} gefunden"),
    "record_json_field": ("the record's field '{field}' is missing or wrong: {text}",
                   "das Feld „{field}“ fehlt oder ist falsch: {text}"),
    "record_json_action": ("{field}: {error}", "{field}: {error}"),
    "record_cause": ("{error}", "{error}"),
    "record_in_board": ("board {board}: {error}", "Spiel {board}: {error}"),
    "record_not_text": ("a record is text, not {kind}", "ein Datensatz ist Text, nicht {kind}"),
    "record_not_object": ("a {kind} record is a JSON object, not {text}",
                          "ein {kind}-Datensatz ist ein JSON-Objekt, nicht {text}"),
    # parts of error messages (Phrase): what is wrong with a deal, a rubber, a rule set, a saved game
    "deal_four_hands": ("four hands are needed, one for each seat", "es braucht vier Blätter, eins für jeden Platz"),
    "deal_hand_size": ("{seat} has {n} cards, not 13", "{seat} hat {n} Karten, nicht 13"),
    "deal_card_twice": ("{card} is in two hands", "{card} steckt in zwei Blättern"),
    "deal_number": ("a deal number is a whole number from 1, not {value}",
                    "eine Spielnummer ist eine ganze Zahl ab 1, nicht {value}"),
    "deal_board": ("a board label is one printable line other than '#', '?' or blanks, not {value}",
                   "eine Brettbezeichnung ist eine druckbare Zeile außer '#', '?' oder Leerzeichen, nicht {value}"),
    "finished_scored": ("scored", "gewertet"),
    "finished_recorded": ("written on the score sheet", "ins Schreibblatt eingetragen"),
    "finished_reviewed": ("shown with all four hands open", "mit allen vier Blättern offen gezeigt"),
    "rubber_wrong_rules": ("the deal is played under {deal_rules}, the rubber under {rules}",
                           "das Spiel folgt dem Regelwerk {deal_rules}, der Rubber {rules}"),
    "rubber_wrong_dealer": ("{dealer} deals next in this rubber, but the deal was dealt by {actual}",
                            "in diesem Rubber gibt als Nächstes {dealer}, dieses Spiel aber gab {actual}"),
    "rubber_wrong_number": ("this is deal {n} of the rubber, but the deal was played as deal {actual}",
                            "dies ist Spiel {n} des Rubbers, gespielt wurde es aber als Spiel {actual}"),
    "rules_allowed_name": ("a name is text of 1 to 60 characters", "ein Name ist ein Text aus 1 bis 60 Zeichen"),
    "rules_allowed_strains": ("list each strain at most once, from S, C, D, H, NT, lowest first",
                              "jede Farbe höchstens einmal, aus S, C, D, H, NT, die niedrigste zuerst"),
    "rules_allowed_min_level": ("it is a level from 1 to 7, or 'progressive'",
                                "erlaubt sind eine Stufe von 1 bis 7 oder 'progressive'"),
    "rules_allowed_choice": ("it is one of {choices}", "erlaubt ist eines von {choices}"),
    "rules_allowed_bool": ("it is True or False", "erlaubt sind True oder False"),
    "rules_allowed_int": ("it is a whole number from {low} to {high}",
                          "erlaubt ist eine ganze Zahl von {low} bis {high}"),
    "rules_allowed_parts": ("it is a dict of whole numbers (None where a part may be left out) with the parts {parts}",
                            "erlaubt ist ein dict aus ganzen Zahlen (None, wo ein Teil fehlen darf) mit den Teilen "
                            "{parts}"),
    # what a public function's argument may be (Reason.BAD_ARGUMENT)
    "arg_whole": ("it is a whole number from {low} to {high}", "erlaubt ist eine ganze Zahl von {low} bis {high}"),
    "arg_game_score": ("it is None or a pair of whole numbers, ours and theirs, like (120, 480)",
                       "erlaubt ist None oder ein Paar ganzer Zahlen, unseres und ihres, etwa (120, 480)"),
    "arg_from": ("it is a whole number from {low}", "erlaubt ist eine ganze Zahl ab {low}"),
    "arg_per_side": ("it is a value per side, like PerSide(ns=120, ew=480), or None",
                     "erlaubt ist ein Wert je Seite, etwa PerSide(ns=120, ew=480), oder None"),
    "arg_path": ("it is the path of a file (a text or a Path)", "erlaubt ist der Pfad einer Datei (Text oder Path)"),
    "arg_saved_tables": ("it is a file of saved double-dummy tables, as SavedTables.save writes it",
                         "erlaubt ist eine Datei gespeicherter Double-Dummy-Tafeln, wie SavedTables.save sie schreibt"),
    "arg_tables": ("it is double-dummy tables by seed, like {{4: {{(Strain.HEARTS, Seat.NORTH): 9, …}}}}",
                   "erlaubt sind Double-Dummy-Tafeln je Seed, etwa {{4: {{(Strain.HEARTS, Seat.NORTH): 9, …}}}}"),
    "arg_table": ("it is a double-dummy table, tricks by (strain, declarer), as dd_table gives it",
                  "erlaubt ist eine Double-Dummy-Tafel, Stiche je (Farbe, Alleinspieler), wie dd_table sie liefert"),
    "arg_bots": ("it is a computer player's name, or one per seat, like {{Seat.WEST: 'rule'}}",
                 "erlaubt ist der Name eines Computerspielers oder einer je Platz, etwa {{Seat.WEST: 'rule'}}"),
    "arg_settings": ("it is a dict of the table's settings, like {{'pace': 'fast'}}, or None",
                     "erlaubt ist ein dict mit Einstellungen des Tischs, etwa {{'pace': 'fast'}}, oder None"),
    "arg_session": ("it is a TableSession", "erlaubt ist eine TableSession"),
    "arg_auction": ("it is an Auction, or None", "erlaubt ist eine Auction oder None"),
    "arg_drill_position": ("it is 13 cards of the learner's and at most 3 cards led before his, none twice",
                           "erlaubt sind 13 Karten des Lernenden und höchstens 3 zuvor ausgespielte, keine doppelt"),
    "arg_drill_void": ("{seat} cannot be dealt 13 cards without the suit led",
                       "{seat} kann nicht 13 Karten ohne die ausgespielte Farbe bekommen"),
    "arg_progress": ("it is True, False or a function progress(done, total)",
                     "erlaubt sind True, False oder eine Funktion progress(done, total)"),
    "arg_lesson_lang": ("it is a language the lessons' widgets speak: {known}",
                        "erlaubt ist eine Sprache der Widgets der Lektionen: {known}"),
    "arg_integer": ("it is a whole number", "erlaubt ist eine ganze Zahl"),
    "arg_number": ("it is a number from {low} to {high}", "erlaubt ist eine Zahl von {low} bis {high}"),
    "arg_real": ("it is a number", "erlaubt ist eine Zahl"),
    "arg_bool": ("it is True or False", "erlaubt sind True oder False"),
    "arg_strain": ("it is a strain, ♠, ♣, ♦, ♥ or NT, or its text, like H, hearts or NT",
                   "erlaubt ist eine Farbe, ♠, ♣, ♦, ♥, NT, oder ihr Text, etwa H, Herz, Kein-Trumpf"),
    "arg_suit": ("it is a suit, ♠, ♥, ♦ or ♣, or its letter, or None at no-trump",
                 "erlaubt ist eine Farbe, ♠, ♥, ♦ oder ♣, oder ihr Buchstabe, oder None bei Kein-Trumpf"),
    "arg_contract": ("it is a Contract or its text, like 4♥ N or 3NT by South",
                     "erlaubt ist ein Contract oder sein Text, etwa 4♥ N oder 3NT von Süd"),
    "arg_honours": ("it is a count per side, like PerSide(ns=2, ew=3), the four hands as dealt, or None",
                    "erlaubt sind eine Anzahl je Seite, etwa PerSide(ns=2, ew=3), die vier Blätter wie ausgeteilt, "
                    "oder None"),
    "arg_aces": ("it is a count per side, like PerSide(ns=2, ew=2), or None",
                 "erlaubt sind eine Anzahl je Seite, etwa PerSide(ns=2, ew=2), oder None"),
    "arg_hand": ("it is a Hand, like Hand.parse('AKQ.JT9.876.5432'), or None",
                 "erlaubt ist ein Hand-Objekt, etwa Hand.parse('AKQ.JT9.876.5432'), oder None"),
    "arg_hands": ("it is the four hands, N E S W, like Deal.new(seed=1).hands",
                  "erlaubt sind die vier Blätter wie ausgeteilt, N O S W, etwa die eines Deal"),
    "arg_cards": ("it is up to four cards in the order played, like [Card.parse('A♠'), Card.parse('K♠')]",
                  "erlaubt sind bis zu vier Karten in der gespielten Reihenfolge, etwa [Card.parse('A♠'), "
                  "Card.parse('K♠')]"),
    "arg_deal": ("it is a Deal, like Deal.new(seed=1)", "erlaubt ist ein Deal, etwa Deal.new(seed=1)"),
    "arg_deals": ("it is a Deal or a list of Deals", "erlaubt ist ein Deal oder eine Liste davon"),
    "arg_lines": ("it is score lines, as score_contract or Deal.score gives them",
                  "erlaubt sind Wertungszeilen, wie score_contract oder Deal.score sie liefern"),
    "arg_seed": ("it is a whole number, a random.Random or None",
                 "erlaubt ist eine ganze Zahl, ein random.Random oder None"),
    "arg_calls": ("it is a list of (seat, call) pairs, like [(Seat.NORTH, Call.parse('1NT'))]",
                  "erlaubt ist eine Liste von Paaren (Platz, Ansage), etwa [(Seat.NORTH, Call.parse('1NT'))]"),
    "arg_actions": ("it is a list of calls and cards, or their texts, like ['1H', 'pass']",
                    "erlaubt ist eine Liste von Ansagen und Karten oder ihren Texten, etwa ['1H', 'pass']"),
    "arg_item": ("it is a quiz item, as generate gives it", "erlaubt ist eine Quizfrage, wie generate sie liefert"),
    "arg_text": ("it is a text", "erlaubt ist ein Text"),
    "arg_class_db": ("it is a database URL, like 'sqlite:///class.db' or 'postgresql+psycopg://host/db', a Path, "
                     "or None",
                     "erlaubt ist die URL einer Datenbank, etwa „sqlite:///class.db“ oder "
                     "„postgresql+psycopg://host/db“, ein Path oder None"),
    "arg_choice": ("it is one of {choices}", "erlaubt ist eines von {choices}"),
    "save_not_session": ("it is not a saved vint_core game", "es ist kein gespeichertes vint_core-Spiel"),
    "save_version": ("it is written in version {version} of the save format; this program reads version {known}",
                     "es ist in Version {version} des Speicherformats geschrieben; dieses Programm liest Version "
                     "{known}"),
    "save_undo": ("its undo points lie beyond the deal", "seine Rücknahmepunkte liegen hinter dem Spiel"),
    "save_damaged": ("a part is missing or damaged", "ein Teil fehlt oder ist beschädigt"),
    "save_bot": ("it names a computer player this program does not know, {name} (it knows {known})",
                 "es nennt einen Computerspieler, den dieses Programm nicht kennt: {name} (es kennt {known})"),
    "save_lang": ("it is in a language this table does not speak, {language} (it speaks {known})",
                  "es ist in einer Sprache, die dieser Tisch nicht spricht: {language} (er spricht {known})"),
    "save_rules": ("its deal is played under other rules ({deal_rules}) than its rubber ({rules})",
                   "sein Spiel wird nach anderen Regeln ({deal_rules}) gespielt als sein Rubber ({rules})"),
    "json_unreadable": ("it is not readable JSON text", "es ist kein lesbarer JSON-Text"),
    # a learner's file that is not read (vint_core.files)
    "file_is_folder": ("a folder", "ein Ordner"),
    "file_is_fifo": ("a named pipe (FIFO)", "eine benannte Pipe (FIFO)"),
    "file_is_device": ("a device", "ein Gerät"),
    "file_is_socket": ("a socket", "ein Socket"),
    "file_is_special": ("a special file", "eine Spezialdatei"),
    "file_kind_any": ("a file this program reads", "eine Datei, die dieses Programm liest"),
    "file_kind_save": ("a saved game", "ein gespeichertes Spiel"),
    "file_kind_pbn": ("a PBN file", "eine PBN-Datei"),
    "file_kind_progress": ("a quiz's saved progress", "ein gespeicherter Quiz-Fortschritt"),
    # the vint command (vint_core.cli)
    "cli_deal_head": ("Seed {seed} · rules: {rules} · dealer {dealer}",
                      "Seed {seed} · Regeln: {rules} · Geber {dealer}"),
    # the score sheet (vint_core.rubber: Rubber.text)
    "sheet_no_deals": ("Rubber {n}: no deals yet; {score}", "Rubber {n}: noch keine Spiele; {score}"),
    "sheet_board": ("Board {board}", "Spiel {board}"),
    "sheet_dealer": ("dealer {dealer}", "Geber {dealer}"),
    "sheet_tricks": ("tricks {ns_name} {ns}, {ew_name} {ew}", "Stiche {ns_name} {ns}, {ew_name} {ew}"),
    "sheet_this_deal": ("this deal: {score}", "dieses Spiel: {score}"),
    "sheet_running": ("rubber so far: {score}", "Rubber bisher: {score}"),
    "sheet_rubber_won": ("Rubber {n} (boards {boards}): won by {winner}; {score}",
                   "Rubber {n} (Spiele {boards}): gewonnen von {winner}; {score}"),
    "sheet_rubber_open": ("Rubber {n} (boards {boards}): not finished; {score}",
                    "Rubber {n} (Spiele {boards}): nicht beendet; {score}"),
    # the vint command (vint_core.cli)
    "cli_wrote": ("wrote {n} deals in {rubbers} rubber(s) to {path} (seed {seed}, rules {rules})",
              "{n} Spiele in {rubbers} Rubber(n) nach {path} geschrieben (Seed {seed}, Regeln {rules})"),
    "cli_no_deals": ("{path} holds no deals", "{path} enthält keine Spiele"),
    "cli_cannot_read": ("cannot read {path}: {why}", "{path} ist nicht lesbar: {why}"),
    "cli_cannot_write": ("cannot write {path}: {why}", "{path} ist nicht schreibbar: {why}"),
    "cli_in_file": ("{path}: {error}", "{path}: {error}"),
    "cli_dask_missing": ("--dask needs Dask: pip install 'vint_core[dask]'",
                         "--dask braucht Dask: pip install 'vint_core[dask]'"),
    "cli_dask_unreachable": ("no Dask scheduler answers at {address}: {why}",
                             "unter {address} antwortet kein Dask-Scheduler: {why}"),
    "cli_no_command": ("choose a command; vint --help lists them", "wähle einen Befehl; vint --help zeigt sie"),
    # the exercises' self-checks (vint_core.checks)
    "check_passed": ("{name}: right in all {n} cases", "{name}: in allen {n} Fällen richtig"),
    "check_not_done": ("{name}: not done yet: write the function, run its cell, then run this check again",
                       "{name}: noch nicht gelöst: schreibe die Funktion, führe ihre Zelle aus und dann diese "
                       "Prüfung noch einmal"),
    "check_not_callable": ("{name}: give the check your function itself, not {value}",
                           "{name}: gib der Prüfung deine Funktion selbst, nicht {value}"),
    "check_raised": ("your function raised {error}", "löste deine Funktion {error} aus"),
    "check_wrong_kind": ("you gave {value}, but {problem}", "hast du {value} angegeben, aber {problem}"),
    "check_you_gave": ("you gave {answer}", "hast du {answer} angegeben"),
    "check_failed": ("{name}: {described} {said}; expected {expected}{why}.",
                     "{name}: {described} {said}; erwartet: {expected}{why}."),
    "check_why": (" ({why})", " ({why})"),
    "check_looks_like": (" This looks like {mistake}", " Das sieht nach diesem Fehler aus: {mistake}"),
    "check_wrong_count": (" {wrong} of {total} cases were wrong.", " {wrong} von {total} Fällen waren falsch."),
    "check_want_number": ("the answer should be a whole number", "die Antwort sollte eine ganze Zahl sein"),
    "check_want_pair_keys": ("a dict answer needs the keys Side.NS and Side.EW",
                             "eine Antwort als dict braucht die Schlüssel Side.NS und Side.EW"),
    "check_want_pair": ("the answer should be two numbers: N–S's points, then E–W's",
                        "die Antwort sollte zwei Zahlen sein: die Punkte von N–S, dann die von O–W"),
    "check_want_bool": ("the answer should be True or False", "die Antwort sollte True oder False sein"),
    "check_want_seat": ("the answer should be a Seat, like Seat.NORTH",
                        "die Antwort sollte ein Platz sein, etwa Seat.NORTH"),
    "check_want_rubber": ("the answer should be None, or (winner, N–S total, E–W total)",
                          "die Antwort sollte None sein oder (Sieger, Summe N–S, Summe O–W)"),
    "check_want_side": ("the winner should be a Side, Side.NS or Side.EW",
                        "der Sieger sollte eine Seite sein, Side.NS oder Side.EW"),
    "check_want_totals": ("the totals should be whole numbers", "die Summen sollten ganze Zahlen sein"),
    "check_want_sheet": ("the answer should be a list with (N–S, E–W) totals for each rubber",
                         "die Antwort sollte eine Liste mit den Summen (N–S, O–W) jedes Rubbers sein"),
    "check_want_sheet_row": ("each rubber's row should be two whole numbers, (N–S, E–W)",
                             "die Zeile jedes Rubbers sollte zwei ganze Zahlen sein, (N–S, O–W)"),
    "check_want_probability": ("the answer should be a number between 0 and 1",
                               "die Antwort sollte eine Zahl zwischen 0 und 1 sein"),
    "check_pair": ("N–S {ns}, E–W {ew}", "N–S {ns}, O–W {ew}"),
    "check_nobody_passed_out": ("nobody (passed out)", "niemanden (eingepasst)"),
    "check_no_winner": ("no winner yet", "noch keinen Sieger"),
    "check_rubber_won": ("{side} win with N–S {ns}, E–W {ew}", "{side} gewinnen mit N–S {ns}, O–W {ew}"),
    "check_no_rubbers": ("no rubbers", "keine Rubber"),
    "check_for_bid": ("for a bid of {level}", "für ein Gebot der Stufe {level}"),
    "check_why_tricks_needed": ("{level} promises 6 + {level} tricks", "{level} verspricht 6 + {level} Stiche"),
    "check_for": ("for {what}", "für {what}"),
    "check_why_trick_value": ("10 × {level}", "10 × Stufe {level}"),
    "check_why_trick_value_nt": ("10 × {level} + 10 at no-trump", "10 × Stufe {level} + 10 bei Kein-Trumpf"),
    "check_for_tricks": ("for {contract} with {n} tricks", "für {contract} mit {n} Stichen"),
    "check_for_one_trick": ("for {contract} with 1 trick", "für {contract} mit 1 Stich"),
    "check_nobody_scores": ("nobody scores", "niemand schreibt Punkte"),
    "check_honours_dealt": ("honours dealt: {parts}", "Ehrenkarten wie gegeben: {parts}"),
    "check_aces_dealt": ("aces dealt: {parts}", "Asse wie gegeben: {parts}"),
    "check_side_held": ("{side} {cards}", "{side} {cards}"),
    "check_none": ("none", "keine"),
    "check_with_honours": ("{what} ({honours})", "{what} ({honours})"),
    "check_for_bid_over": ("for {bid} over {other}", "für {bid} über {other}"),
    "check_why_outranks": ("Vint's strains run ♠ < ♣ < ♦ < ♥ < NT; a bid must be higher, or as high in a higher "
                           "strain",
                           "im Vint gilt ♠ < ♣ < ♦ < ♥ < NT; ein Gebot muss höher sein, oder gleich hoch in einer "
                           "höheren Farbe"),
    "check_for_trick": ("for the trick {plays} ({trump})", "für den Stich {plays} ({trump})"),
    "check_no_trump": ("no-trump", "Kein-Trumpf"),
    "check_trumps": ("{suit} trumps", "Trumpf {suit}"),
    "check_why_trick": ("the highest trump wins; without a trump, the highest card of the suit led",
                        "der höchste Trumpf gewinnt; fällt kein Trumpf, die höchste Karte der ausgespielten Farbe"),
    "check_for_calls": ("for the calls {calls}", "für die Ansagen {calls}"),
    "check_no_calls": ("no calls yet", "noch keine Ansagen"),
    "check_why_auction_over": ("4 passes with no bid pass the deal out; after a bid, 8 passes in a row end the "
                               "auction",
                               "4 Pässe ohne Gebot: das Spiel ist eingepasst; nach einem Gebot beenden 8 Pässe in "
                               "Folge die Auktion"),
    "check_for_auction": ("for the auction {dealer} dealt: {calls}", "für die Auktion mit Geber {dealer}: {calls}"),
    "check_why_declarer": ("the player who made the final bid declares", "Ansager ist, wer das letzte Gebot abgab"),
    "check_why_rubber_won": ("after the last deal N–S have {ns}, E–W {ew}; the winner adds {bonus}",
                             "nach dem letzten Spiel haben N–S {ns}, O–W {ew}; der Sieger bekommt {bonus} dazu"),
    "check_why_rubber_none": ("nobody has reached {target} yet", "noch niemand hat {target} erreicht"),
    "check_for_deals_worth": ("for deals worth {points}", "für Spiele im Wert von {points}"),
    "check_why_sheet": ("{n} rubber(s): {rubbers}", "{n} Rubber: {rubbers}"),
    "check_won_by": ("won by {side}", "gewonnen von {side}"),
    "check_unfinished": ("unfinished", "nicht beendet"),
    "check_for_match": ("for a match of {n} deals", "für ein Match aus {n} Spielen"),
    "check_for_k": ("for k = {k}", "für k = {k}"),
    "check_problem": ("{name}: {problem}.", "{name}: {problem}."),
    "check_sim_raised": ("{name}: with {trials} trials your function raised {error}",
                         "{name}: mit {trials} Versuchen löste deine Funktion {error} aus"),
    "check_sim_count": ("you gave {n} numbers; expected 5, one for each k = 0 … 4",
                        "du hast {n} Zahlen angegeben; erwartet sind 5, eine für jedes k = 0 … 4"),
    "check_sim_seed": ("the same seed gave different answers; deal with a random.Random(seed) of your own",
                       "derselbe Seed gab verschiedene Antworten; gib mit einem eigenen random.Random(seed)"),
    "check_sim_sum": ("your frequencies add up to {total}; expected 1 (every deal has some number of aces)",
                      "deine Häufigkeiten ergeben zusammen {total}; erwartet ist 1 (jedes Spiel hat irgendeine "
                      "Zahl von Assen)"),
    "check_sim_off": ("for k = {k} you found {found}; the exact chance is {exact}, and {trials} trials should land "
                      "within {margin} of it",
                      "für k = {k} hast du {found} gefunden; die genaue Wahrscheinlichkeit ist {exact}, und "
                      "{trials} Versuche sollten höchstens {margin} davon abweichen"),
    "check_sim_passed": ("{name}: {trials} trials agree with the exact odds within 5 standard errors, and so do "
                         "{sizes} trials: another seed deals other hands, and the counts wobble as chance wants",
                         "{name}: {trials} Versuche stimmen auf 5 Standardfehler genau mit den exakten "
                         "Wahrscheinlichkeiten überein, ebenso {sizes} Versuche: ein anderer Seed gibt andere "
                         "Blätter, und die Zählungen schwanken, wie es der Zufall verlangt"),
    "check_sim_not_counts": ("with {trials} trials each frequency should be a number of deals divided by {trials}, "
                             "but {found} × {trials} is not a whole number: deal {trials} deals and count",
                             "bei {trials} Versuchen sollte jede Häufigkeit eine Zahl von Spielen geteilt durch "
                             "{trials} sein, aber {found} × {trials} ist keine ganze Zahl: gib {trials} Spiele "
                             "und zähle"),
    "check_sim_same_seeds": ("the seeds {a} and {b} gave the same frequencies: deal from random.Random(seed), so "
                             "that another seed deals other hands",
                             "die Seeds {a} und {b} gaben dieselben Häufigkeiten: gib mit random.Random(seed), "
                             "damit ein anderer Seed andere Blätter gibt"),
    "check_sim_too_close": ("in {runs} runs your frequencies are closer to the exact odds than chance allows (a "
                            "chance below 1 in a million): a simulation's counts wobble; deal the hands and count "
                            "the aces, do not compute the odds",
                            "in {runs} Läufen liegen deine Häufigkeiten näher an den exakten Wahrscheinlichkeiten, "
                            "als der Zufall erlaubt (eine Chance unter 1 zu einer Million): die Zählungen einer "
                            "Simulation schwanken; gib die Blätter und zähle die Asse, statt die "
                            "Wahrscheinlichkeiten auszurechnen"),
    "check_engine_called": ("{name}: your function calls the engine's own answer ({parts}); write it out "
                            "yourself from the rule, with what the exercise's first cell gives you",
                            "{name}: deine Funktion ruft die fertige Antwort der Engine auf ({parts}); schreibe "
                            "sie selbst nach der Regel, mit dem, was die erste Zelle der Aufgabe dir gibt"),
    "check_policy_not_call": ("{seat} (your side) should make a call, like Call.parse('1NT'), not {value}",
                              "{seat} (deine Seite) sollte eine Ansage machen, etwa Call.parse('1NT'), nicht {value}"),
    "check_policy_illegal": ("{seat} (your side) called {call} after {calls}, which is not legal there",
                             "{seat} (deine Seite) sagte {call} nach {calls}; das ist dort nicht erlaubt"),
    "check_policy_raised": ("{name}: your policy raised {error}", "{name}: deine Bietstrategie löste {error} aus"),
    "check_policy_ahead": ("{name}: {deals} deals played in duplicate, every call legal; your bidding is ahead of "
                           "the rule-based player's by {margin} points a deal",
                           "{name}: {deals} Spiele im Duplicate gespielt, jede Ansage erlaubt; dein Bieten liegt "
                           "{margin} Punkte je Spiel vor dem des regelbasierten Spielers"),
    "check_policy_behind": ("{name}: {deals} deals played in duplicate, every call legal; your bidding is behind "
                            "the rule-based player's by {margin} points a deal",
                            "{name}: {deals} Spiele im Duplicate gespielt, jede Ansage erlaubt; dein Bieten liegt "
                            "{margin} Punkte je Spiel hinter dem des regelbasierten Spielers"),
    "check_policy_level": ("{name}: {deals} deals played in duplicate, every call legal; your bidding is level "
                           "with the rule-based player's",
                           "{name}: {deals} Spiele im Duplicate gespielt, jede Ansage erlaubt; dein Bieten liegt "
                           "gleichauf mit dem des regelbasierten Spielers"),
    "check_policy_share": (" (± {error}, one standard error). Always passing is {passing} a deal behind it, random "
                           "legal bidding {random}: your bidding goes {share}% of the way from the better of those two "
                           "to the rule-based player",
                           " (± {error}, ein Standardfehler). Immer Passen liegt {passing} je Spiel dahinter, "
                           "zufälliges erlaubtes Bieten {random}: dein Bieten legt {share} % des Weges vom besseren "
                           "der beiden zum regelbasierten Spieler zurück"),
    "check_policy_needs": ("; this point needs {needs}%", "; dieser Punkt braucht {needs} %"),
    "check_policy_needs_more": ("; this point needs {needs}%: bid where your side's cards are worth it",
                                "; dieser Punkt braucht {needs} %: biete, wo die Karten deiner Seite es wert sind"),
    "check_policy_full_needs": ("; full marks need 100%: level with the rule-based player within one standard "
                                "error, or ahead",
                                "; die volle Punktzahl braucht 100 %: gleichauf mit dem regelbasierten Spieler auf "
                                "einen Standardfehler genau, oder davor"),
    "line_prefix": ("line {line}: ", "Zeile {line}: "),
    "your_turn": ("{seat} to act", "{seat} ist am Zug"),
    "passed_out": ("passed out: nobody scores", "eingepasst: niemand schreibt"),
    "contract": ("{contract} by {seat}", "{contract} von {seat}"),
    "analysis_not_in_browser": (
        "double-dummy analysis is not available in the browser-only course: open the table on a server "
        "(vint table, JupyterHub) for it",
        "die Double-Dummy-Analyse gibt es im Kurs ohne Server (im Browser) nicht: dafür den Tisch auf einem "
        "Server öffnen (vint table, JupyterHub)"),
    "analysis_no_endplay": (
        "double-dummy analysis needs the optional package endplay: pip install 'vint_core[dds]'",
        "die Double-Dummy-Analyse braucht das Zusatzpaket endplay: pip install 'vint_core[dds]'"),
    "analysis_contract_dd": ("With all cards visible, {contract} by {seat} makes {dd} tricks.",
                             "Mit allen Karten offen macht {contract} von {seat} {dd} Stiche."),
    "analysis_contract_made": ("With all cards visible, {contract} by {seat} makes {dd} tricks; {side} made {made}.",
                               "Mit allen Karten offen macht {contract} von {seat} {dd} Stiche; {side} hat {made} "
                               "gemacht."),
    "analysis_lost": ("{side} lost {n} trick(s) against perfect play.",
                      "{side} hat gegenüber perfektem Spiel {n} Stich(e) verloren."),
    "analysis_gained": ("{side} took {n} trick(s) more than perfect play allows: {other} gave them away.",
                        "{side} hat {n} Stich(e) mehr gemacht als bei perfektem Spiel: {other} hat sie hergegeben."),
    "analysis_passed_out": ("The deal was passed out.", "Das Spiel wurde eingepasst."),
    "analysis_best": ("Best contract for {side}: {contract} by {seat}, {tricks} tricks, {mine} to {theirs} points.",
                      "Bester Kontrakt für {side}: {contract} von {seat}, {tricks} Stiche, {mine} zu {theirs} "
                      "Punkten."),
    # weighing one seat's calls and cards after the deal (vint_core.table.weighing)
    "finished_weighed": ("weighed card by card", "Karte für Karte gewogen"),
    "arg_seat": ("it is a seat, like Seat.SOUTH or 'S'", "erlaubt ist ein Platz, etwa Seat.SOUTH oder 'S'"),
    "arg_samples": ("it is a whole number of deals to sample, 1 to 1000",
                    "erlaubt ist eine ganze Zahl zu ziehender Verteilungen, 1 bis 1000"),
    "weigh_needs_endplay": (
        "weighing the cards needs the optional package endplay (pip install 'vint_core[dds]'); "
        "the calls are compared with the computer player's all the same",
        "das Wiegen der Karten braucht das Zusatzpaket endplay (pip install 'vint_core[dds]'); "
        "die Ansagen werden trotzdem mit denen des Computerspielers verglichen"),
    "weigh_card_fine": ("Trick {trick}, {card}: fine by what you could know. With all cards visible it scores "
                        "{dd} (the best card, {best}, {dd_best}).",
                        "Stich {trick}, {card}: gut nach dem, was du wissen konntest. Mit allen Karten offen "
                        "bringt sie {dd} (die beste Karte, {best}, {dd_best})."),
    "weigh_card_slip": ("Trick {trick}, {card}: a slip. {better} was better by what you could know: "
                        "{cost} points more on average over {n} deals that fit what you saw.",
                        "Stich {trick}, {card}: ein Ausrutscher. {better} war besser nach dem, was du wissen "
                        "konntest: im Mittel {cost} Punkte mehr über {n} Verteilungen, die zu dem passen, was du "
                        "gesehen hast."),
    "weigh_card_costly": ("Trick {trick}, {card}: costly. {better} was better by what you could know: "
                          "{cost} points more on average over {n} deals that fit what you saw.",
                          "Stich {trick}, {card}: teuer. {better} war besser nach dem, was du wissen konntest: "
                          "im Mittel {cost} Punkte mehr über {n} Verteilungen, die zu dem passen, was du gesehen "
                          "hast."),
    "weigh_why_cash": ("{better} was a sure trick: take it before giving up the lead, or it may be lost.",
                       "{better} war ein sicherer Stich: nimm ihn, bevor du das Ausspiel abgibst, sonst kann er "
                       "verloren gehen."),
    "weigh_why_trump": ("Leading a trump ({better}) first was better: while the other side still has trumps, "
                        "it can trump your winners.",
                        "Zuerst Trumpf ({better}) zu spielen war besser: solange die Gegner noch Trumpf haben, "
                        "können sie deine sicheren Stiche abtrumpfen."),
    "weigh_why_partner": ("Going back to your partner's suit, {suit}, with {better} was better: it is the suit "
                          "your side set out to make tricks in.",
                          "Zurück in die Farbe deines Partners, {suit}, mit {better} war besser: in dieser Farbe "
                          "wollte eure Seite ihre Stiche machen."),
    "weigh_why_second": ("{card} was spent too early as the second card of the trick: the low {better} keeps "
                         "it for a later trick.",
                         "{card} war als zweite Karte im Stich zu früh verbraucht: die kleine {better} hebt sie "
                         "für einen späteren Stich auf."),
    "weigh_why_guard": ("{card} was your guard in {suit}: thrown away, it lets the other side's long {suit} "
                        "run.",
                        "{card} war deine Sperre in {suit}: abgeworfen lässt sie die lange {suit}-Farbe der "
                        "Gegner laufen."),
    "weigh_call_same": ("{call}: the computer player calls the same. {why}",
                        "{call}: der Computerspieler sagt dasselbe. {why}"),
    "weigh_call_differs": ("{call}: the computer player would call {bot}. {why}",
                           "{call}: der Computerspieler würde {bot} sagen. {why}"),
    "weigh_contract": ("The contract was {reached} by {declarer}: {points} points for {side} (its points minus the "
                       "other side's) with all cards visible; the best contract for {side} was {best} by "
                       "{best_declarer}, {tricks} tricks, {best_points} points.",
                       "Der Kontrakt war {reached} von {declarer}: {points} Punkte für {side} (ihre Punkte minus "
                       "die der Gegner) mit allen Karten offen; der beste Kontrakt für {side} war {best} von "
                       "{best_declarer}, {tricks} Stiche, {best_points} Punkte."),
    "weigh_contract_passed": ("The deal was passed out: 0 points; the best contract for {side} was {best} by "
                              "{best_declarer}, {tricks} tricks, {best_points} points with all cards visible.",
                              "Das Spiel wurde eingepasst: 0 Punkte; der beste Kontrakt für {side} war {best} von "
                              "{best_declarer}, {tricks} Stiche, {best_points} Punkte mit allen Karten offen."),
    "weigh_lost": ("{side} lost {bidding} points in the bidding and {play} in the play to the best it could "
                   "have found.",
                   "{side} verlor {bidding} Punkte beim Reizen und {play} beim Spiel gegenüber dem Besten, das "
                   "möglich war."),
    "weigh_moment": ("Trick {trick}: {card} cost {cost} points; {better} was better.",
                     "Stich {trick}: {card} kostete {cost} Punkte; {better} war besser."),
    "weigh_rest_more": ("After {card}, the rest played out with all cards visible (every player's best card): "
                        "{side} take {tricks} of the 13 tricks and end {points} points (their points minus the other "
                        "side's), {diff} more than in the deal (tricks: {actual_tricks}, points: {actual_points}).",
                        "Nach {card}, der Rest mit allen Karten offen ausgespielt (jeder mit seiner besten Karte): "
                        "{side} machen {tricks} der 13 Stiche und enden mit {points} Punkten (ihre Punkte minus die "
                        "der Gegner), {diff} mehr als im Spiel (Stiche: {actual_tricks}, Punkte: {actual_points})."),
    "weigh_rest_less": ("After {card}, the rest played out with all cards visible (every player's best card): "
                        "{side} take {tricks} of the 13 tricks and end {points} points (their points minus the other "
                        "side's), {diff} less than in the deal (tricks: {actual_tricks}, points: {actual_points}): "
                        "with these hands this card does worse, though by what you could know it may be right.",
                        "Nach {card}, der Rest mit allen Karten offen ausgespielt (jeder mit seiner besten Karte): "
                        "{side} machen {tricks} der 13 Stiche und enden mit {points} Punkten (ihre Punkte minus die "
                        "der Gegner), {diff} weniger als im Spiel (Stiche: {actual_tricks}, Punkte: {actual_points}): "
                        "bei diesen Händen schneidet die Karte schlechter ab, auch wenn sie nach dem, was du wissen "
                        "konntest, richtig sein mag."),
    "weigh_rest_same": ("After {card}, the rest played out with all cards visible (every player's best card): "
                        "{side} take {tricks} of the 13 tricks and end {points} points (their points minus the other "
                        "side's), as in the deal (tricks: {actual_tricks}, points: {actual_points}).",
                        "Nach {card}, der Rest mit allen Karten offen ausgespielt (jeder mit seiner besten Karte): "
                        "{side} machen {tricks} der 13 Stiche und enden mit {points} Punkten (ihre Punkte minus die "
                        "der Gegner), wie im Spiel (Stiche: {actual_tricks}, Punkte: {actual_points})."),
    # the review panel's part on the weighing (vint_core.widgets.review.ReviewPanel)
    "widget_weigh_title": ("Your cards and calls weighed", "Deine Karten und Ansagen gewogen"),
    "widget_weighing": ("Weighing your cards…", "Deine Karten werden gewogen…"),
    "widget_weigh_failed": ("The weighing could not be worked out: {error}",
                            "Das Wiegen ließ sich nicht berechnen: {error}"),
    "widget_weigh_marked": ("Your marked cards", "Deine markierten Karten"),
    "widget_weigh_none_marked": ("None of your cards is marked: each was as good as the best by what you could know, "
                                 "or nearly.",
                                 "Keine deiner Karten ist markiert: jede war nach dem, was du wissen konntest, so gut "
                                 "wie die beste oder fast."),
    "widget_weigh_mark_costly": ("costly", "teuer"),
    "widget_weigh_mark_slip": ("a slip", "ein Ausrutscher"),
    "widget_weigh_moments": ("The costliest moments (each button shows that trick in the replay):",
                             "Die teuersten Momente (jeder Knopf zeigt diesen Stich im Nachspielen):"),
    "widget_weigh_moment_button": ("Trick {trick}: {card}", "Stich {trick}: {card}"),
    "widget_weigh_moment_tip": ("Show the cards before trick {trick} in the replay",
                                "Die Karten vor Stich {trick} im Nachspielen zeigen"),
    "widget_weigh_calls": ("Your calls beside the computer player's", "Deine Ansagen neben denen des Computerspielers"),
    "widget_learn_button": ("Learn from your mistakes", "Aus deinen Fehlern lernen"),
    "widget_learn_tip": ("Go back to each marked card and look for a better one",
                         "Zu jeder markierten Karte zurückgehen und eine bessere suchen"),
    "widget_learn_prompt": ("Position {i} of {n}, trick {trick}: you played {card} ({mark}). Which card is better? "
                            "Your cards you may play here:",
                            "Stellung {i} von {n}, Stich {trick}: du hast {card} gespielt ({mark}). Welche Karte ist "
                            "besser? Deine Karten, die du hier spielen darfst:"),
    "widget_learn_card_tip": ("Try {card} here", "Hier {card} versuchen"),
    "widget_learn_best": ("{card} is as good as the best by what you could know: on average your side ends {points} "
                          "points (its points minus the other side's) over {n} deals that fit what you saw.",
                          "{card} ist nach dem, was du wissen konntest, so gut wie die beste Karte: im Mittel endet "
                          "eure Seite mit {points} Punkten (ihre Punkte minus die der Gegner) über {n} Verteilungen, "
                          "die zu dem passen, was du gesehen hast."),
    "widget_learn_worse": ("{card} is not as good: {cost} points less on average over {n} deals that fit what you "
                           "saw than {best}, the best by what you could know.",
                           "{card} ist nicht so gut: im Mittel {cost} Punkte weniger über {n} Verteilungen, die zu "
                           "dem passen, was du gesehen hast, als {best}, die beste nach dem, was du wissen konntest."),
    "widget_learn_played": ("That is the card you played.", "Das ist die Karte, die du gespielt hast."),
    "widget_learn_next": ("Next marked position", "Nächste markierte Stellung"),
    "widget_learn_stop": ("Back to the review", "Zurück zur Besprechung"),
    "widget_learn_last": ("That was the last marked position.", "Das war die letzte markierte Stellung."),
    "widget_learn_rest_button": ("See the rest played out", "Den Rest ausgespielt sehen"),
    "widget_learn_rest_tip": ("Play the deal to the end from here after {card}, every player's best card with all "
                              "cards visible, and compare with what happened",
                              "Das Spiel von hier nach {card} zu Ende spielen, jeder mit seiner besten Karte bei "
                              "offenen Karten, und mit dem Spiel vergleichen"),
    "widget_learn_resting": ("Playing the rest out…", "Der Rest wird ausgespielt…"),
    "widget_learn_rest_trick": ("Played out, trick", "Ausgespielt, Stich"),
    "widget_learn_rest_failed": ("The rest could not be played out: {error}",
                                 "Der Rest ließ sich nicht ausspielen: {error}"),
    "widget_weigh_calls_same": ("Each of your calls is the one the computer player would make in your seat:",
                                "Jede deiner Ansagen ist die, die der Computerspieler an deinem Platz machen würde:"),
    # the contract explorer (vint_core.explore.contract_grid, vint_core.widgets.explorers.ContractExplorer)
    "explore_dd_title": ("Contract explorer (double dummy)", "Kontrakte erkunden (Double Dummy)"),
    "explore_dd_subtitle": ("Double dummy: all four hands are shown and every card is known; each contract is "
                            "played as if everyone saw every card and played perfectly.",
                            "Double Dummy: alle vier Blätter liegen offen, jede Karte ist bekannt; jeder Kontrakt "
                            "wird gespielt, als sähen alle jede Karte und spielten perfekt."),
    "explore_dd_dealer": ("Dealer", "Geber"),
    "explore_dd_honours_toggle": ("count the honours (as dealt)", "Honneurs zählen (wie ausgeteilt)"),
    "explore_dd_contract": ("{contract} by {seat}: double dummy {n} tricks, {result}: {lines}; in all {totals}.",
                            "{contract} von {seat}: Double Dummy {n} Stiche, {result}: {lines}; zusammen {totals}."),
    "explore_dd_exact": ("made exactly", "genau erfüllt"),
    "explore_dd_over": ("made with {n} over", "erfüllt mit {n} darüber"),
    "explore_dd_down": ("{n} down", "{n} Unterstich(e)"),
    "explore_dd_honours": ("What the honours held as dealt add at {strain}, level 1 to 7: {parts}. They grow with "
                           "the level, as the trick value does.",
                           "Was die ausgeteilten Honneurs bei {strain} bringen, Stufe 1 bis 7: {parts}. Sie wachsen "
                           "mit der Stufe, wie der Stichwert."),
    "explore_dd_no_honours": ("At {strain} no side holds enough honours to score them.",
                              "Bei {strain} hält keine Seite genug Honneurs, um sie zu schreiben."),
    "explore_dd_honours_not_scored": ("Under {rules} honours score nothing.",
                                      "Unter {rules} zählen Honneurs nichts."),
    "explore_dd_honours_off": ("Honours left out: the grid shows tricks, undertricks and slams only.",
                               "Ohne Honneurs: das Raster zeigt nur Stiche, Unterstiche und Schlemms."),
    "explore_dd_table": ("Double-dummy tricks: each seat as declarer, each strain",
                         "Double-Dummy-Stiche: jeder Platz als Alleinspieler, jede Farbe"),
    "explore_dd_grid": ("Contracts by {seat}: each cell N–S points : E–W points; the colour is N–S's margin "
                        "(light: good for N–S, dark: good for E–W); ★ the best contract of {side}.",
                        "Kontrakte von {seat}: jede Zelle Punkte N–S : Punkte O–W; die Farbe ist der Vorsprung "
                        "von N–S (hell: gut für N–S, dunkel: gut für O–W); ★ der beste Kontrakt von {side}."),
    "explore_dd_scale": ("N–S's margin from {low} to {high}", "Vorsprung von N–S von {low} bis {high}"),
    "explore_dd_cell": ("{contract} by {seat}: N–S {ns}, E–W {ew}", "{contract} von {seat}: N–S {ns}, O–W {ew}"),
    "explore_dd_live": ("Deal {seed}, {seat} deals: analysed now by the solver (endplay).",
                        "Spiel {seed}, {seat} gibt: eben vom Löser (endplay) analysiert."),
    "explore_dd_saved": ("Deal {seed}, {seat} deals: the saved analysis (saved deals: seeds {seeds}).",
                         "Spiel {seed}, {seat} gibt: die gespeicherte Analyse (gespeichert: Seeds {seeds})."),
    "explore_dd_analysing": ("Analysing deal {seed} double dummy…", "Spiel {seed} wird double dummy analysiert…"),
    "explore_dd_not_saved": ("Deal {seed} is not among the saved deals (seeds {seeds}): {why}",
                             "Spiel {seed} ist nicht unter den gespeicherten (Seeds {seeds}): {why}"),
    "explore_dd_none_saved": ("Deal {seed}: {why}", "Spiel {seed}: {why}"),
    "explore_dd_no_contract": ("{contract} by {seat} cannot be bid on this deal.",
                               "{contract} von {seat} kann in diesem Spiel nicht geboten werden."),
    "simulate_progress": ("deals", "Spiele"),
    "simulate_summary": ("{deals} deals, {ns} (N–S) against {ew} (E–W): {mean} points per deal for {ns}, "
                         "95% interval {lo} to {hi}",
                         "{deals} Spiele, {ns} (N–S) gegen {ew} (O–W): {mean} Punkte pro Spiel für {ns}, "
                         "95%-Intervall {lo} bis {hi}"),
    "simulate_times": ("{bot}: decision time p50 {p50} s, p95 {p95} s over {n} decisions",
                       "{bot}: Bedenkzeit p50 {p50} s, p95 {p95} s über {n} Entscheidungen"),
    # the table and its drawings (vint_core.render)
    "ui_hidden_card": ("hidden card", "verdeckte Karte"),
    "ui_void": ("no {suit}", "kein {suit}"),
    "ui_hand_label": ("hand of {n} cards: {cards}", "Blatt mit {n} Karten: {cards}"),
    "ui_cards_left": ("{n} cards", "{n} Karten"),
    "ui_pass": ("Pass", "Passe"),
    "ui_lead": ("lead", "Ausspiel"),
    "ui_trick_label": ("trick: {cards}", "Stich: {cards}"),
    "ui_trick_won_by": ("won by {seat}", "gewonnen von {seat}"),
    "ui_auction": ("auction", "Auktion"),
    "ui_auction_running": ("the auction is running: no contract yet", "die Auktion läuft: noch kein Kontrakt"),
    "ui_declarers": ("declarers", "Alleinspieler"),
    "ui_defenders": ("defenders", "Gegenspieler"),
    "ui_needs_more": ("{side} need {n} more for {target} tricks", "{side} brauchen noch {n} für {target} Stiche"),
    "ui_contract_down": ("{side} can no longer make it: {n} down at least",
                         "{side} können nicht mehr erfüllen: mindestens {n} Unterstiche"),
    "ui_contract_made": ("{side} have made their {target} tricks", "{side} haben ihre {target} Stiche erfüllt"),
    "ui_contract_went_down": ("{side} took {won} of the {target} tricks they needed: {n} down",
                              "{side} haben {won} der {target} nötigen Stiche gemacht: {n} Unterstiche"),
    "ui_contract_made_with": ("{side} took {won} tricks: their {target} and {over} more",
                              "{side} haben {won} Stiche gemacht: ihre {target} und {over} mehr"),
    "ui_dealer_legend": ("• dealer: {seat}, who calls first", "• Geber: {seat}, sagt als Erster an"),
    "ui_side": ("side", "Partei"),
    "ui_tricks": ("tricks", "Stiche"),
    "ui_value": ("value", "Wert"),
    "ui_points": ("points", "Punkte"),
    "ui_live_score": ("tricks and points so far", "Stiche und Punkte bisher"),
    "ui_dealer": ("dealer", "Geber"),
    "ui_rules": ("rules", "Regeln"),
    "ui_deal_number": ("deal", "Spiel"),
    "ui_contract": ("contract", "Kontrakt"),
    "ui_to_act": ("to act", "am Zug"),
    "ui_no_tricks": ("no tricks played yet", "noch keine Stiche gespielt"),
    "ui_dealer_mark": ("dealer", "Geber"),
    "ui_to_act_mark": ("to act", "am Zug"),
    "ui_tricks_n": ("tricks: {n}", "Stiche: {n}"),
    "ui_kind_tricks": ("tricks", "Stiche"),
    "ui_kind_undertricks": ("undertricks", "Unterstiche"),
    "ui_kind_slam": ("slam", "Schlemm"),
    "ui_kind_honours": ("honours", "Honneurs"),
    "ui_kind_aces": ("aces", "Asse"),
    "ui_kind_game": ("game", "Partie"),
    "ui_kind_rubber": ("rubber", "Rubber"),
    "ui_passed_out_short": ("passed out", "eingepasst"),
    "ui_made": ("made ({tricks})", "erfüllt ({tricks})"),
    "ui_over": ("+{n} ({tricks})", "+{n} ({tricks})"),
    "ui_down": ("{n} down ({tricks})", "{n} unter ({tricks})"),
    "ui_result": ("result", "Ergebnis"),
    "ui_in_progress": ("being played", "wird gespielt"),
    "ui_practised": ("practised with undo", "geübt, mit Zurücknehmen"),
    "ui_trick_value": ("trick value of {contract}: level {level} × {per} = {tv} a trick",
                       "Stichwert von {contract}: Stufe {level} × {per} = {tv} je Stich"),
    "ui_trick_value_nt": ("trick value of {contract}: level {level} × {per} + {extra} at no-trump = {tv} a trick",
                          "Stichwert von {contract}: Stufe {level} × {per} + {extra} bei Kein-Trumpf = {tv} je Stich"),
    "ui_totals": ("totals", "Summen"),
    "ui_game_progress": ("game in progress: N–S {ns}, E–W {ew} of {target}",
                         "laufende Partie: N–S {ns}, O–W {ew} von {target}"),
    "ui_games_won": ("games won: N–S {ns}, E–W {ew}", "gewonnene Partien: N–S {ns}, O–W {ew}"),
    "ui_rubber_won": ("{side} won the rubber", "{side} haben den Rubber gewonnen"),
    "ui_scoresheet_title": ("Rubber {n} · {rules}", "Rubber {n} · {rules}"),
    "ui_rubber_n": ("rubber {n}", "Rubber {n}"),
    "ui_scoresheet": ("score sheet", "Schreibblatt"),
    # the lesson widgets (vint_core.feedback, vint_core.table.drills, vint_core.widgets.lessons)
    "lesson_card_lead": ("{card}: legal. The player to lead may lead any card.",
                         "{card}: erlaubt. Wer ausspielt, darf jede Karte spielen."),
    "lesson_card_follow": ("{card}: legal. You follow {suit}, as you must while you hold {suit}.",
                           "{card}: erlaubt. Du bedienst {suit}, wie du musst, solange du {suit} hast."),
    "lesson_card_discard": ("{card}: legal. You have no {suit}, so any card may be played: you discard, and "
                            "that is fine, for in Vint there is no duty to trump ({trump}).",
                            "{card}: erlaubt. Du hast kein {suit}, also ist jede Karte erlaubt: du wirfst ab, "
                            "und das darfst du, denn im Vint gibt es keinen Trumpfzwang ({trump})."),
    "lesson_card_discard_nt": ("{card}: legal. You have no {suit}, so any card may be played (at no-trump there "
                               "are no trumps, and a card of another suit cannot win).",
                               "{card}: erlaubt. Du hast kein {suit}, also ist jede Karte erlaubt (bei "
                               "Kein-Trumpf gibt es keine Trümpfe, eine andere Farbe kann nicht gewinnen)."),
    "lesson_card_ruff": ("{card}: legal. You have no {suit} and you trump; a discard would have been legal "
                         "too: there is no duty to trump.",
                         "{card}: erlaubt. Du hast kein {suit} und stichst mit Trumpf; Abwerfen wäre auch "
                         "erlaubt gewesen: es gibt keinen Trumpfzwang."),
    "lesson_void": ("You have no {suit}: every card in your hand is legal. You may trump ({trump}), but you need "
                    "not: a discard is legal too (no duty to trump in Vint).",
                    "Du hast kein {suit}: jede Karte deines Blatts ist erlaubt. Du darfst trumpfen ({trump}), "
                    "musst aber nicht: Abwerfen ist auch erlaubt (kein Trumpfzwang im Vint)."),
    "lesson_void_nt": ("You have no {suit}: every card in your hand is legal (at no-trump there are no trumps).",
                       "Du hast kein {suit}: jede Karte deines Blatts ist erlaubt (bei Kein-Trumpf gibt es keine "
                       "Trümpfe)."),
    "lesson_trick_suit": ("{seat} wins the trick with {card}: no trump was played, so the highest card of the "
                          "suit led ({suit}) takes it.",
                          "{seat} gewinnt den Stich mit {card}: es wurde nicht getrumpft, also nimmt die höchste "
                          "Karte der ausgespielten Farbe ({suit}) den Stich."),
    "lesson_trick_ruff": ("{seat} wins the trick with {card}: the highest trump ({trump}) takes the trick, "
                          "whatever the suit led.",
                          "{seat} gewinnt den Stich mit {card}: der höchste Trumpf ({trump}) nimmt den Stich, "
                          "gleich welche Farbe ausgespielt wurde."),
    "lesson_trick_nt": ("{seat} wins the trick with {card}: at no-trump the highest card of the suit led ({suit}) "
                        "takes it.",
                        "{seat} gewinnt den Stich mit {card}: bei Kein-Trumpf nimmt die höchste Karte der "
                        "ausgespielten Farbe ({suit}) den Stich."),
    "lesson_trumps": ("{contract} by {declarer}: {trump} are trumps", "{contract} von {declarer}: {trump} ist Trumpf"),
    "lesson_no_trumps": ("{contract} by {declarer}: no-trump, no trumps",
                         "{contract} von {declarer}: Kein-Trumpf, keine Trümpfe"),
    "lesson_drill_done": ("Done: tricks played: {n}. Press “Start again” to play them once more.",
                          "Fertig: gespielte Stiche: {n}. Mit „Neu beginnen“ noch einmal."),
    "lesson_again_button": ("Start again", "Neu beginnen"),
    "lesson_again_tip": ("back to the start of this exercise", "zurück zum Anfang dieser Übung"),
    "deals_title": ("A deal from its seed", "Ein Spiel aus seinem Seed"),
    "deals_previous": ("◀ Previous seed", "◀ Voriger Seed"),
    "deals_previous_tip": ("the deal of the seed one lower", "das Spiel des Seeds darunter"),
    "deals_next": ("Next seed ▶", "Nächster Seed ▶"),
    "deals_next_tip": ("the deal of the seed one higher", "das Spiel des Seeds darüber"),
    "deals_status": ("Seed {seed}: {dealer} deals. The same seed always gives the same cards.",
                     "Seed {seed}: {dealer} gibt. Derselbe Seed gibt immer dieselben Karten."),
    "lesson_stopped": ("this exercise is over", "diese Übung ist vorbei"),
    "lesson_bid_legal": ("{call} by {seat}: legal. A bid of {level} promises {tricks} tricks (6 + {level}, not "
                         "{level}) with {strain} as trumps.",
                         "{call} von {seat}: erlaubt. Ein Gebot der Stufe {level} verspricht {tricks} Stiche "
                         "(6 + {level}, nicht {level}) mit {strain} als Trumpf."),
    "lesson_bid_legal_nt": ("{call} by {seat}: legal. A bid of {level} promises {tricks} tricks (6 + {level}, not "
                            "{level}) at no-trump.",
                            "{call} von {seat}: erlaubt. Ein Gebot der Stufe {level} verspricht {tricks} Stiche "
                            "(6 + {level}, nicht {level}) bei Kein-Trumpf."),
    "lesson_bid_outranks": ("It outranks {top}.", "Es überbietet {top}."),
    "lesson_pass_legal": ("Pass by {seat}: legal; a pass is always allowed.",
                          "Passe von {seat}: erlaubt; passen darf man immer."),
    "lesson_bridge_order": ("In bridge {call} would outrank {top}, but not in Vint: here ♠ is the lowest strain, "
                            "then ♣, ♦, ♥ and NT (♠ < ♣ < ♦ < ♥ < NT).",
                            "Im Bridge würde {call} {top} überbieten, im Vint nicht: hier ist ♠ die niedrigste "
                            "Farbe, dann ♣, ♦, ♥ und NT (♠ < ♣ < ♦ < ♥ < NT)."),
    "lesson_auction_no_bid": ("No bid yet, passes so far: {passes}; {seat} to call. If the first {n} calls are "
                              "passes, the deal is passed out.",
                              "Noch kein Gebot, Passe bisher: {passes}; {seat} ist am Zug. Sind die ersten {n} "
                              "Ansagen Passe, wird das Spiel eingepasst."),
    "lesson_auction_running": ("Highest bid {top} by {seat}; passes in a row since: {passes}. The auction goes on "
                               "until {n} passes in a row ({left} more); {to_act} to call.",
                               "Höchstes Gebot {top} von {seat}; Passe in Folge seitdem: {passes}. Die Auktion "
                               "läuft weiter bis {n} Passe in Folge (noch {left}); {to_act} ist am Zug."),
    "lesson_auction_not_three": ("Three passes do not end a Vint auction, as they would in bridge: everyone, the "
                                 "bidder too, may still bid.",
                                 "Drei Passe beenden eine Vint-Auktion nicht, anders als im Bridge: jeder, auch "
                                 "der Bieter, darf noch bieten."),
    "lesson_auction_over": ("The auction is over after {n} passes in a row: {contract} by {declarer}, the "
                            "declarer. {leader}, on the declarer's left, leads to the first trick (not the "
                            "dealer's left, {dealer_left}).",
                            "Die Auktion ist nach {n} Passen in Folge vorbei: {contract} von {declarer}, dem "
                            "Alleinspieler. {leader}, links vom Alleinspieler, spielt zum ersten Stich aus (nicht "
                            "der Spieler links vom Geber, {dealer_left})."),
    "lesson_auction_over_same": ("The auction is over after {n} passes in a row: {contract} by {declarer}, the "
                                 "declarer. {leader}, on the declarer's left, leads to the first trick (here the "
                                 "dealer's left too, but only because the dealer, {dealer}, is the declarer).",
                                 "Die Auktion ist nach {n} Passen in Folge vorbei: {contract} von {declarer}, dem "
                                 "Alleinspieler. {leader}, links vom Alleinspieler, spielt zum ersten Stich aus "
                                 "(hier auch links vom Geber, aber nur weil der Geber, {dealer}, der Alleinspieler "
                                 "ist)."),
    "lesson_auction_passed_out": ("Passed out: the first {n} calls were passes, so nobody scores; {next} deals "
                                  "the next deal.",
                                  "Eingepasst: die ersten {n} Ansagen waren Passe, niemand schreibt; {next} gibt "
                                  "das nächste Spiel."),
    "lesson_bot_call": ("{seat}: {call} (by the bidding guide: {shows})",
                        "{seat}: {call} (laut Bietleitfaden: {shows})"),
    "lesson_auction_hands": ("The auction is over, so here are all four hands and the computer players' reasons",
                             "Die Auktion ist vorbei: hier alle vier Blätter und die Gründe der Computerspieler"),
    "lesson_trick_title": ("Play to the trick", "Spiel zum Stich"),
    "lesson_bidding_title": ("Make a call for the seat to act", "Sage für den Platz an, der am Zug ist"),
    "lesson_auction_title": ("An auction against the computer players", "Eine Auktion gegen die Computerspieler"),
    "lesson_one_deal_title": ("One deal against the computer players", "Ein Spiel gegen die Computerspieler"),
    "lesson_failed": ("something went wrong here ({error}); press “Start again” or run the cell again",
                      "hier ist etwas schiefgegangen ({error}); „Neu beginnen“ oder die Zelle neu ausführen"),
    # the course's explorers (vint_core.explore, vint_core.widgets.explorers)
    "explore_defenders_score": ("Both sides score every trick they take: {side}, the defenders, took {n} tricks and "
                                "score {n} × {tv} = {points} for them.",
                                "Beide Seiten schreiben jeden Stich, den sie machen: {side}, die Gegenspieler, machten "
                                "{n} Stiche und schreiben dafür {n} × {tv} = {points}."),
    "explore_every_trick": ("Every trick counts, not only those over six: {side} score {n} × {tv} = {points}, "
                            "not {odd} × {tv} = {wrong} as in bridge.",
                            "Jeder Stich zählt, nicht nur die über sechs: {side} schreiben {n} × {tv} = {points}, "
                            "nicht {odd} × {tv} = {wrong} wie im Bridge."),
    "explore_defenders_slam": ("{side}, the defenders, took {n} tricks: a slam counts for whichever side takes the "
                               "tricks, the defenders too, bid or not ({points}).",
                               "{side}, die Gegenspieler, machten {n} Stiche: ein Schlemm zählt für die Seite, die "
                               "die Stiche macht, auch für die Gegenspieler, angesagt oder nicht ({points})."),
    "explore_as_dealt": ("Honours are counted in the hands as dealt, before the first card is played: the tricks "
                         "do not change them, and the side that holds them scores them even if it loses.",
                         "Honneurs zählen in den Blättern, wie sie gegeben wurden, vor der ersten Karte: die Stiche "
                         "ändern sie nicht, und die Seite, die sie hält, schreibt sie auch, wenn sie verliert."),
    "explore_no_kings": ("At no-trump only the four aces are honours: the {kings} kings count nothing.",
                         "Bei Kein-Trumpf sind nur die vier Asse Honneurs: die {kings} Könige zählen nichts."),
    "explore_score_title": ("Score calculator", "Punkterechner"),
    "explore_contract": ("{bid} by {seat}, {n} tricks needed", "{bid} von {seat}, {n} Stiche nötig"),
    "explore_level": ("Level", "Stufe"),
    "explore_strain": ("Strain", "Farbe"),
    "explore_declarer": ("Declarer", "Ansager"),
    "explore_tricks": ("Declarers' tricks", "Stiche der Ansager"),
    "explore_honours_ns": ("N–S honours", "Honneurs N–S"),
    "explore_aces_ns": ("N–S aces", "Asse N–S"),
    "explore_total": ("Total: {totals}", "Summe: {totals}"),
    "explore_honours_title": ("Honours explorer", "Honneurs erkunden"),
    "explore_seed": ("Deal (seed)", "Spiel (Seed)"),
    "explore_seat": ("Your seat", "Dein Platz"),
    "explore_no_seat": ("none (before the deal)", "keiner (vor dem Geben)"),
    "explore_held": ("{side} hold {cards} ({n})", "{side} halten {cards} ({n})"),
    "explore_held_none": ("{side} hold no honours (0)", "{side} halten keine Honneurs (0)"),
    "explore_reveal": ("Show the honours as dealt", "Honneurs zeigen, wie gegeben"),
    "explore_hidden": ("The other three hands are hidden, as at the table: tick “Show the honours as dealt” to see "
                       "where the honours really are.",
                       "Die anderen drei Blätter sind verdeckt, wie am Tisch: „Honneurs zeigen, wie gegeben“ "
                       "ankreuzen, um zu sehen, wo die Honneurs wirklich sind."),
    "explore_odds_for": ("Chance that {side} hold exactly n honours, given {seat}'s hand",
                         "Chance, dass {side} genau n Honneurs halten, bei {seat}s Blatt"),
    "explore_odds_before": ("Chance that {side} hold exactly n honours, before the deal",
                            "Chance, dass {side} genau n Honneurs halten, vor dem Geben"),
    "explore_race_title": ("A rubber's race to {target}", "Das Rennen eines Rubbers bis {target}"),
    "explore_race_next": ("Next deal", "Nächstes Spiel"),
    "explore_race_next_tip": ("Play the next deal of the rubber", "Das nächste Spiel des Rubbers spielen"),
    "explore_race_end": ("Play to the end", "Bis zum Ende spielen"),
    "explore_race_end_tip": ("Play every deal left in the rubber", "Alle restlichen Spiele des Rubbers spielen"),
    "explore_race_step": ("Deal {number}: {contract}; {points}; totals {totals}",
                          "Spiel {number}: {contract}; {points}; Stand {totals}"),
    "explore_race_played": ("{bid} by {seat}, {need} tricks needed, {taken} taken: {result}. {lines}",
                            "{bid} von {seat}, {need} Stiche nötig, {taken} gemacht: {result}. {lines}"),
    "explore_race_deal_points": ("this deal {points}", "dieses Spiel {points}"),
    "explore_race_bonus": ("Rubber bonus: {lines}; totals {totals}", "Rubberprämie: {lines}; Stand {totals}"),
    "explore_race_passed": ("passed out", "eingepasst"),
    "explore_race_rules": ("Rules: {name}, {title}", "Regeln: {name}, {title}"),
    "explore_race_start": ("Nobody has scored yet: press “Next deal”.",
                           "Noch hat niemand geschrieben: „Nächstes Spiel“ drücken."),
    "explore_race_won": ("{side} win the rubber: {totals}, the rubber bonus included.",
                         "{side} gewinnen den Rubber: {totals}, mit der Rubberprämie."),
    "explore_deals_axis": ("deal of the rubber", "Spiel des Rubbers"),
    "explore_points_axis": ("points (total after the deal)", "Punkte (Stand nach dem Spiel)"),
    "explore_target_label": ("the target, {target}", "das Ziel, {target}"),
    # the table's controller (vint_core.table.session)
    # class mode (vint_core.classroom): what the store refuses, in words a teacher understands
    "class_bad_name": ("{value} cannot be the name of a {what}: write 1 to 100 printable characters",
                       "{value} kann nicht Name {what} sein: schreibe 1 bis 100 druckbare Zeichen"),
    "class_what_class": ("class", "einer Klasse"),
    "class_what_learner": ("learner", "eines Lernenden"),
    "class_what_title": ("board set", "einer Spielserie"),
    "class_what_topic": ("question type", "eines Fragetyps"),
    "class_what_mistake": ("misconception", "eines Denkfehlers"),
    "class_what_exercise": ("exercise", "einer Aufgabe"),
    "class_exists": ("there is already a class named {name}", "es gibt schon eine Klasse namens {name}"),
    "class_unknown_class": ("there is no class named {name}", "es gibt keine Klasse namens {name}"),
    "class_not_on_roster": ("{learner} is not on the roster of class {name}", "{learner} steht nicht in der "
                            "Liste der Klasse {name}"),
    "class_no_boards": ("a board set needs at least one board (a seed with a dealer, or a deal of a PBN file)",
                        "eine Spielserie braucht mindestens ein Spiel (einen Seed mit Geber oder eine Verteilung "
                        "aus einer PBN-Datei)"),
    "class_bad_board": ("{value} is not a board: give a seed (a whole number from 0) with a dealer (N, E, S or "
                        "W), or a deal", "{value} ist kein Spiel: gib einen Seed (eine ganze Zahl ab 0) mit Geber "
                        "(N, O, S oder W) oder eine Verteilung an"),
    "class_refused": ("the result of {learner} for board {board} was not kept: {why}",
                      "das Ergebnis von {learner} für Spiel {board} wurde nicht übernommen: {why}"),
    "class_why_not_on_roster": ("{learner} is not on the roster of class {name}",
                                "{learner} steht nicht in der Liste der Klasse {name}"),
    "class_why_not_published": ("class {name} has no published board with this number",
                                "die Klasse {name} hat kein veröffentlichtes Spiel mit dieser Nummer"),
    "class_why_bad_record": ("it is not a deal's record ({error})",
                             "es ist keine Aufzeichnung eines Spiels ({error})"),
    "class_why_wrong_deal": ("the cards, the dealer or the rules are not those of the board",
                             "Karten, Geber oder Regeln sind nicht die des Spiels"),
    "class_why_not_finished": ("the deal is not finished", "das Spiel ist nicht zu Ende"),
    "class_why_wrong_score": ("it claims {claimed}, but replayed the deal gives {actual}",
                              "es gibt {claimed} an, nachgespielt ergibt das Spiel aber {actual}"),
    "class_why_already_played": ("{learner} has already played this board, differently",
                                 "{learner} hat dieses Spiel schon gespielt, und zwar anders"),
    "class_bad_value": ("{field} cannot be {value}: {allowed}", "{field} kann nicht {value} sein: {allowed}"),
    "class_allowed_source": ("write 'lesson NN' (its number, like 'lesson 03') or 'practice'",
                             "schreibe „lesson NN“ (die Nummer, etwa „lesson 03“) oder „practice“"),
    "class_allowed_lesson": ("write the lesson's number with two digits, like '03'",
                             "schreibe die Nummer der Lektion mit zwei Ziffern, etwa „03“"),
    "class_allowed_event": ("write 'opened' or 'finished'", "schreibe „opened“ oder „finished“"),
    "class_allowed_points": ("points are a number from 0 to 10000, at most the exercise's maximum",
                             "Punkte sind eine Zahl von 0 bis 10000, höchstens das Maximum der Aufgabe"),
    "class_play_first": ("the traveller of board {board} opens once {learner} has played it",
                         "die Übersicht von Spiel {board} öffnet sich, sobald {learner} es gespielt hat"),
    "class_unknown_board": ("class {name} has no board {board}", "die Klasse {name} hat kein Spiel {board}"),
    "class_anonymous": ("Learner {n}", "Lernende·r {n}"),
    "class_bad_export": ("{value} is not a table to export; the tables are {known}",
                         "{value} ist keine Tabelle zum Exportieren; es gibt {known}"),
    "class_bad_token": ("this link's token is not valid: ask your teacher for your personal link",
                        "der Schlüssel dieses Links ist ungültig: frag deine Lehrkraft nach deinem persönlichen Link"),
    "class_no_store": ("the class's database {url} does not open ({error}): check the URL, the folder or the "
                       "server, and that its driver is installed (pip install 'vint_core[class]')",
                       "die Datenbank der Klasse {url} öffnet sich nicht ({error}): prüfe URL, Ordner oder Server "
                       "und ob ihr Treiber installiert ist (pip install 'vint_core[class]')"),
    "class_store_busy": ("the class's database stayed busy: try again in a moment",
                         "die Datenbank der Klasse blieb belegt: versuche es gleich noch einmal"),
    "class_passed_out": ("passed out", "eingepasst"),
    "class_score_words": ("{contract} by {declarer}, {tricks} tricks, {points}",
                          "{contract} von {declarer}, {tricks} Stiche, {points}"),
    "class_score_passed_out": ("passed out, {points}", "eingepasst, {points}"),
    "session_not_your_turn": ("it is not {seat}'s turn", "{seat} ist nicht am Zug"),
    "session_undo_real_game": ("undo is only offered in practice games", "Zurücknehmen gibt es nur in Übungsspielen"),
    "session_undo_deal_over": ("the deal is over and all four hands are shown: it can no longer be undone",
                               "das Spiel ist vorbei und alle vier Blätter liegen offen: es lässt sich nicht mehr "
                               "zurücknehmen"),
    "session_undo_nothing": ("there is nothing to undo in this deal", "in diesem Spiel gibt es nichts zurückzunehmen"),
    "session_claim_not_play": ("you can claim tricks only during the play", "Stiche beanspruchen geht nur im Spiel"),
    "session_claim_too_big": ("too many cards are left to check a claim: play on a few tricks and claim again",
                              "zu viele Karten übrig, um den Anspruch zu prüfen: spiele noch ein paar Stiche"),
    "session_claim_refused": ("claim refused: some play of the other seats would take a trick from {side}",
                              "Anspruch abgelehnt: bei manchem Spiel der anderen verlieren {side} einen Stich"),
    "session_claim_accepted": ("claim accepted: {side} take every remaining trick ({n})",
                               "Anspruch angenommen: {side} bekommen alle restlichen Stiche ({n})"),
    "session_no_review": ("no deal has been finished yet", "noch kein Spiel ist beendet"),
    "session_deal_not_finished": ("the deal is not finished yet", "das Spiel ist noch nicht beendet"),
    "session_wrong_rules": ("this deal is played under {deal_rules}, but the table plays {rules}",
                            "dieses Spiel folgt den Regeln {deal_rules}, der Tisch aber {rules}"),
    "session_resumed": ("welcome back: the saved game continues",
                        "willkommen zurück: das gespeicherte Spiel geht weiter"),
    "session_damaged_stuck": ("the saved game could not be read, so a new game has started; the old file stays "
                              "where it is until it can be kept aside ({error})",
                              "das gespeicherte Spiel war nicht lesbar, daher beginnt ein neues; die alte Datei bleibt "
                              "liegen, bis sie beiseitegelegt werden kann ({error})"),
    "session_not_saved": ("this game is not being saved: {why}; play on, it is saved again as soon as it can be",
                          "dieses Spiel wird nicht gespeichert: {why}; spiel weiter, es wird wieder gespeichert, "
                          "sobald es geht"),
    "quiz_not_saved": ("your progress is not being saved: {why}; answer on, it is saved again as soon as it can be",
                       "dein Fortschritt wird nicht gespeichert: {why}; antworte weiter, er wird wieder gespeichert, "
                       "sobald es geht"),
    # -- the lessons' progress (vint_core.widgets.lesson_progress) ---------------------------------
    "lesson_resumed": ("Your answers in this lesson so far: {right} of {n} right, the last on {when}.",
                       "Deine Antworten in dieser Lektion bisher: {right} von {n} richtig, die letzte am {when}."),
    "lesson_done": ("This lesson is finished ({right} answers right).",
                    "Diese Lektion ist abgeschlossen ({right} Antworten richtig)."),
    "lesson_to_go": ("{left} more right answers finish it.", "Noch {left} richtige Antworten, dann ist sie "
                     "abgeschlossen."),
    "lesson_to_go_one": ("One more right answer finishes it.", "Noch eine richtige Antwort, dann ist sie "
                         "abgeschlossen."),
    "lesson_finished_now": ("Lesson {number} is finished: {right} answers right. Lessons 00 and 11 show all your "
                            "lessons under “Your progress”.",
                            "Lektion {number} ist abgeschlossen: {right} Antworten richtig. Die Lektionen 00 und 11 "
                            "zeigen alle deine Lektionen unter „Dein Fortschritt“."),
    "progress_title": ("Your progress", "Dein Fortschritt"),
    "progress_rule": ("A lesson is finished when {n} questions of its quiz are answered right. Finished: {done} "
                      "of {total} lessons with a quiz.",
                      "Eine Lektion ist abgeschlossen, wenn {n} Fragen ihres Quiz richtig beantwortet sind. "
                      "Abgeschlossen: {done} von {total} Lektionen mit Quiz."),
    "progress_lesson": ("Lesson", "Lektion"),
    "progress_state": ("Your answers", "Deine Antworten"),
    "progress_finished": ("✓ finished: {right} of {n} right", "✓ abgeschlossen: {right} von {n} richtig"),
    "progress_started": ("started: {right} of {n} right", "begonnen: {right} von {n} richtig"),
    "progress_new": ("not started", "noch nicht begonnen"),
    "progress_no_quiz": ("no quiz: read it", "kein Quiz: zum Lesen"),
    "progress_refresh": ("Show again", "Neu anzeigen"),
    "progress_refresh_hint": ("Answered a quiz in another lesson since? Show again.",
                              "Seitdem in einer anderen Lektion geantwortet? Neu anzeigen."),
    "save_why_full": ("the disk is full", "der Datenträger ist voll"),
    "save_why_quota": ("the disk quota is used up", "das Speicherkontingent ist aufgebraucht"),
    "save_why_read_only": ("the data folder is read-only", "der Datenordner ist schreibgeschützt"),
    "save_why_denied": ("the data folder may not be written to", "der Datenordner darf nicht beschrieben werden"),
    "save_why_other": ("the disk refused it ({why})", "der Datenträger hat es abgelehnt ({why})"),
    "session_damaged_save": ("the saved game could not be read, so a new game has started; the old file is kept as "
                             "{aside} ({error})",
                             "das gespeicherte Spiel war nicht lesbar, daher beginnt ein neues; die alte Datei liegt "
                             "als {aside} bereit ({error})"),
    # the table in the browser (vint_core.widgets, vint_core.app)
    "table_title": ("Vint table", "Vint-Tisch"),
    "table_subtitle": ("rules {rules} · rubber {rubber} · deal {deal} · dealer {dealer}",
                       "Regeln {rules} · Rubber {rubber} · Spiel {deal} · Geber {dealer}"),
    "widget_you": ("you", "du"),
    "widget_play_card": ("play {card}", "{card} spielen"),
    "widget_card_not_playable": ("{card} cannot be played now", "{card} kann jetzt nicht gespielt werden"),
    "widget_make_call": ("call {call}", "{call} ansagen"),
    "widget_call_not_legal": ("{call} is not allowed now", "{call} ist jetzt nicht erlaubt"),
    "widget_greyed_calls": ("Greyed calls cannot be made now: a bid must be higher than the last bid (a higher "
                            "level, or the same level in a higher strain: ♠ < ♣ < ♦ < ♥ < NT), and nothing can be "
                            "called while another player is to call.",
                            "Graue Ansagen sind jetzt nicht möglich: ein Gebot muss höher sein als das letzte (eine "
                            "höhere Stufe, oder dieselbe Stufe in einer höheren Farbe: ♠ < ♣ < ♦ < ♥ < NT), und "
                            "niemand sagt an, solange ein anderer Spieler an der Reihe ist."),
    "widget_last_call": ("last call {call}", "letzte Ansage {call}"),
    "widget_partner_player": ("your partner (computer: {bot})", "dein Partner (Computer: {bot})"),
    "widget_computer_player": ("computer: {bot}", "Computer: {bot}"),
    "widget_hint_button": ("Hint", "Tipp"),
    "widget_hint_tip": ("what your partner's computer player would do in your seat, and why",
                        "was der Computer deines Partners an deiner Stelle täte, und warum"),
    "widget_hint": ("hint: {action} — {why}", "Tipp: {action} — {why}"),
    "widget_undo_button": ("Undo", "Zurück"),
    "widget_undo_tip": ("take back your last call or card (practice games)",
                        "letzte Ansage oder Karte zurücknehmen (Übungsspiele)"),
    "widget_played_elsewhere": ("this game was played on in another tab or window: here it is as it stands now "
                                "(your click was not made)",
                                "dieses Spiel wurde in einem anderen Tab oder Fenster weitergespielt: hier ist es, wie "
                                "es jetzt steht (dein Klick wurde nicht ausgeführt)"),
    "widget_undone": ("taken back: your turn again", "zurückgenommen: du bist wieder am Zug"),
    "widget_claim_button": ("Claim the rest", "Rest beanspruchen"),
    "widget_claim_tip": ("claim every remaining trick for your side (checked against every defence)",
                         "alle restlichen Stiche für deine Partei beanspruchen (gegen jede Verteidigung geprüft)"),
    "widget_continue_button": ("Continue", "Weiter"),
    "widget_next_deal_button": ("Next deal", "Nächstes Spiel"),
    "widget_next_deal_tip": ("write this deal on the score sheet and deal the next one",
                             "dieses Spiel aufschreiben und das nächste geben"),
    "widget_new_game": ("New game", "Neues Spiel"),
    "widget_new_game_tip": ("start a new rubber under the chosen rule set, in the chosen seat",
                            "einen neuen Rubber mit diesen Regeln beginnen, auf dem gewählten Platz"),
    "widget_new_game_started": ("a new game under the rules {rules} has begun; your seat: {seat}",
                                "ein neues Spiel mit den Regeln {rules} hat begonnen; dein Platz: {seat}"),
    "widget_bot_call": ("{seat}: {call}", "{seat}: {call}"),
    "widget_review_reasons": ("Why the computer players did what they did", "Warum die Computerspieler so spielten"),
    "widget_analysing": ("working out the double-dummy analysis…", "die Double-Dummy-Analyse wird berechnet…"),
    "widget_trick_won": ("trick {n} won by {seat}", "Stich {n} geht an {seat}"),
    "widget_deal_over": ("the deal is over: look at all four hands and the score below, then deal the next one",
                         "das Spiel ist vorbei: unten alle vier Blätter und die Wertung, dann das nächste Spiel"),
    "widget_confirm_trick": ("look at the trick, then press Continue", "sieh dir den Stich an, dann Weiter"),
    "widget_thinking": ("{seat} is thinking…", "{seat} überlegt…"),
    "widget_faster_button": ("Faster", "Schneller"),
    "widget_no_pause_button": ("No pause", "Ohne Pause"),
    "widget_faster_tip": ("shorter pauses from now on ({pace}; the pace is also in Settings): the computer "
                          "player moves now",
                          "ab jetzt kürzere Pausen ({pace}; das Tempo steht auch in den Einstellungen): der "
                          "Computerspieler zieht sofort"),
    "widget_your_call": ("your call: bid or pass", "deine Ansage: bieten oder passen"),
    "widget_your_lead": ("your lead: play any card", "du spielst aus: jede Karte ist erlaubt"),
    "widget_your_card_follow": ("your card: follow {suit} if you can", "deine Karte: bediene {suit}, wenn du kannst"),
    "widget_review_title": ("The deal, open: all four hands", "Das Spiel offen: alle vier Blätter"),
    "widget_review_trick": ("after trick", "nach Stich"),
    "widget_review_back": ("one trick back", "einen Stich zurück"),
    "widget_review_forward": ("one trick on", "einen Stich weiter"),
    "widget_review_score": ("How the deal scored", "So wurde gewertet"),
    "widget_review_analysis": ("With all cards visible (double dummy)", "Mit allen Karten offen (Double Dummy)"),
    # the rule sets and computer players in words (Settings, the subtitle, the seats)
    "rules_title_seed": ("Standard Vint (rubber to 1000)", "Standard-Vint (Rubber bis 1000)"),
    "rules_about_seed": ("the rules as the German description reads: eight passes in a row end the auction, "
                         "game and rubber at 1000, every point counts",
                         "die Regeln nach der deutschen Beschreibung: acht Pässe in Folge beenden die Auktion, "
                         "Partie und Rubber bei 1000, jeder Punkt zählt"),
    "rules_title_short": ("Short rubber (game to 500)", "Kurzer Rubber (Partie bis 500)"),
    "rules_about_short": ("as Standard Vint, but a game needs only 500 points: quicker rubbers",
                          "wie Standard-Vint, aber eine Partie braucht nur 500 Punkte: kürzere Rubber"),
    "rules_title_progressive": ("Progressive (each deal bid higher)", "Progressiv (jedes Spiel höher bieten)"),
    "rules_about_progressive": ("the n-th deal of a rubber must be bid at level n or higher (after 7, from 1 again)",
                                "das n-te Spiel eines Rubbers muss mindestens auf Stufe n geboten werden (nach 7 "
                                "wieder ab 1)"),
    "rules_title_whist_vint": ("Whist-Vint (suits only)", "Whist-Vint (nur Farben)"),
    "rules_about_whist_vint": ("the older game: no no-trump, no honours, no slam bonuses",
                               "das ältere Spiel: kein Kein-Trumpf, keine Honneurs, keine Schlemmprämien"),
    "rules_title_foster_1897": ("Foster 1897 (Hoyle's rules)", "Foster 1897 (Regeln nach Hoyle)"),
    "rules_about_foster_1897": ("Foster's Hoyle: three passes end the auction, games to 500, a rubber of two games, "
                                "Foster's slam and honour scale",
                                "Fosters Hoyle: drei Pässe beenden die Auktion, Partien bis 500, Rubber aus zwei "
                                "Partien, Fosters Schlemm- und Honneurwertung"),
    "bot_title_random": ("Beginner (random)", "Anfänger (zufällig)"),
    "bot_about_random": ("plays any legal call or card at random", "spielt irgendeine erlaubte Ansage oder Karte"),
    "bot_title_rule": ("Rule-based", "Regelbasiert"),
    "bot_about_rule": ("bids by the bidding guide and plays by simple rules; answers at once",
                       "bietet nach dem Bietleitfaden und spielt nach einfachen Regeln; antwortet sofort"),
    "bot_title_sim_fast": ("Thinking, fast", "Nachdenkend, schnell"),
    "bot_about_sim_fast": ("tries each card against a few guesses at the hidden hands",
                           "probiert jede Karte an einigen möglichen Verteilungen der verdeckten Blätter"),
    "bot_title_sim_normal": ("Thinking", "Nachdenkend"),
    "bot_about_sim_normal": ("tries each card against more guesses at the hidden hands; a little slower",
                             "probiert jede Karte an mehr möglichen Verteilungen der verdeckten Blätter; etwas "
                             "langsamer"),
    "bot_title_sim_strong": ("Thinking, strong", "Nachdenkend, stark"),
    "bot_about_sim_strong": ("tries each card against many guesses at the hidden hands; the strongest and slowest",
                             "probiert jede Karte an vielen möglichen Verteilungen der verdeckten Blätter; am "
                             "stärksten und langsamsten"),
    "widget_settings_about": ("{title}: {about}", "{title}: {about}"),
    # what a call shows, in plain words (vint_core.bots.meanings)
    "meaning_ctx_opening": ("opening bid", "Eröffnung"),
    "meaning_ctx_response": ("answer to partner", "Antwort an den Partner"),
    "meaning_ctx_compete": ("against the opponents' bid", "gegen das Gebot der Gegner"),
    "meaning_ctx_rebid": ("second bid", "erneutes Gebot"),
    "meaning_kind_suit": ("a new suit", "eine neue Farbe"),
    "meaning_kind_jump_suit": ("a new suit, a level higher than needed",
                               "eine neue Farbe, eine Stufe höher als nötig"),
    "meaning_kind_own": ("the same suit again", "dieselbe Farbe noch einmal"),
    "meaning_kind_jump_own": ("the same suit again, a level higher than needed",
                              "dieselbe Farbe noch einmal, eine Stufe höher als nötig"),
    "meaning_kind_raise": ("the partner's suit again, supporting it", "die Farbe des Partners, als Unterstützung"),
    "meaning_kind_jump_raise": ("the partner's suit again, supporting it a level higher than needed",
                                "die Farbe des Partners, als Unterstützung eine Stufe höher als nötig"),
    "meaning_kind_nt": ("no-trump", "Kein-Trumpf"),
    "meaning_kind_jump_nt": ("no-trump, a level higher than needed", "Kein-Trumpf, eine Stufe höher als nötig"),
    "meaning_hcp_min": ("{lo} or more high-card points", "{lo} oder mehr Figurenpunkte"),
    "meaning_hcp_max": ("at most {hi} high-card points", "höchstens {hi} Figurenpunkte"),
    "meaning_hcp_range": ("{lo}–{hi} high-card points", "{lo}–{hi} Figurenpunkte"),
    "meaning_balanced": ("an even hand (every suit 2–5 cards)", "ein ausgeglichenes Blatt (jede Farbe 2–5 Karten)"),
    "meaning_length": ("at least {n} {suit}", "mindestens {n} {suit}"),
    "meaning_nothing": ("shows nothing", "zeigt nichts"),
    "widget_meanings_title": ("What the calls show", "Was die Ansagen zeigen"),
    "widget_meanings_note": ("as the bidding guide reads them; high-card points: A 4, K 3, Q 2, J 1",
                             "nach dem Bietleitfaden; Figurenpunkte: A 4, K 3, Q 2, J 1"),
    "widget_last_trick": ("Last trick ({n}, won by {seat})", "Letzter Stich ({n}, an {seat})"),
    "widget_review_auction": ("The auction", "Die Auktion"),
    "widget_review_trick_n": ("Trick {n}", "Stich {n}"),
    "widget_howto_title": ("How to play", "So wird gespielt"),
    "widget_settings_title": ("Settings", "Einstellungen"),
    "widget_settings_rules": ("Rule set", "Regelwerk"),
    "widget_settings_seat": ("Your seat", "Dein Platz"),
    "widget_settings_pace": ("Pace", "Tempo"),
    "widget_settings_lang": ("Language", "Sprache"),
    "widget_settings_four_colour": ("four-colour deck (♦ blue, ♣ green)", "Vierfarbenblatt (♦ blau, ♣ grün)"),
    "widget_settings_note": ("Computer players and pace change at once; another seat or rule set starts a new game.",
                             "Computerspieler und Tempo gelten sofort; ein anderer Platz oder ein anderes Regelwerk "
                             "beginnt ein neues Spiel."),
    "widget_role_lho": ("left", "links"),
    "widget_role_partner": ("partner", "Partner"),
    "widget_role_rho": ("right", "rechts"),
    "widget_pace_none": ("no pause", "ohne Pause"),
    "widget_pace_fast": ("short pause between computer cards", "kurze Pause zwischen Computerkarten"),
    "widget_pace_normal": ("pause between computer cards", "Pause zwischen Computerkarten"),
    "widget_pace_slow": ("long pause between computer cards", "lange Pause zwischen Computerkarten"),
    "widget_pace_confirm": ("confirm each trick", "jeden Stich bestätigen"),
    "widget_howto_1": ("You sit {seat}, with your partner {partner}; {lho} and {rho} are your opponents. Three "
                       "computer players take the other seats (choose your seat in the settings).",
                       "Dein Platz ist {seat}, der deines Partners {partner}; {lho} und {rho} sind die Gegner. Drei "
                       "Computerspieler übernehmen die anderen Plätze (den Platz wählst du in den Einstellungen)."),
    "widget_howto_2": ("The auction: bid a level (1–7, promising 6 more tricks than the level) and a strain, "
                       "♠ < ♣ < ♦ < ♥ < NT, or pass. A bid may come after passes: the auction ends only after "
                       "{passes} passes in a row, and the last bid becomes the contract.",
                       "Die Auktion: biete eine Stufe (1–7, verspricht 6 Stiche mehr als die Stufe) und eine Farbe, "
                       "♠ < ♣ < ♦ < ♥ < NT, oder passe. Auch nach Pässen darf noch geboten werden: die Auktion "
                       "endet erst nach {passes} Pässen in Folge, und das letzte Gebot wird der Kontrakt."),
    "widget_howto_3": ("The play: there is no dummy, everyone plays his own cards. Follow suit if you can; only "
                       "the cards you may play can be clicked.",
                       "Das Spiel: es gibt keinen Strohmann, jeder spielt seine eigenen Karten. Bediene, wenn du "
                       "kannst; nur erlaubte Karten lassen sich anklicken."),
    "widget_howto_4": ("Both sides score every trick they take at the contract's trick value (level × 10, +10 at "
                       "no-trump: 3♥ is worth 30 a trick, 2NT also 30); the panel on the right shows the running "
                       "score, the score sheet explains every line.",
                       "Beide Parteien schreiben jeden Stich zum Stichwert des Kontrakts (Stufe × 10, +10 bei "
                       "Kein-Trumpf: 3♥ bringt 30 je Stich, 2NT ebenfalls 30); rechts steht der laufende Stand, das "
                       "Schreibblatt erklärt jede Zeile."),
    "widget_howto_5": ("After each deal all four hands are shown and you can replay it trick by trick. The game "
                       "is saved after every card: reload the page to continue.",
                       "Nach jedem Spiel siehst du alle vier Blätter und kannst es Stich für Stich nachspielen. "
                       "Das Spiel wird nach jeder Karte gespeichert: lade die Seite neu, um weiterzuspielen."),
}


# class mode: the teacher's page, the learner's class boards (vint_core.classroom)
_TEXTS.update({
    "class_page_title": ("Class {name}", "Klasse {name}"),
    "class_page_intro": ("Learners: {learners} · boards published: {boards} · results: {results}",
                         "Lernende: {learners} · veröffentlichte Boards: {boards} · Ergebnisse: {results}"),
    "class_export": ("Download everything as CSV (safe to open in a spreadsheet)",
                     "Alles als CSV herunterladen (sicher für Tabellenkalkulationen)"),
    "class_travellers": ("Travellers: every board as each learner played it",
                         "Traveller: jedes Board, wie jede und jeder es gespielt hat"),
    "class_board": ("Board {number}", "Board Nr. {number}"),
    "class_board_dealer": ("Board {number}, dealer {dealer}", "Board {number}, Geber {dealer}"),
    "class_par": ("With all cards visible: {par}", "Mit allen Karten offen: {par}"),
    "class_par_line": ("{side} {contract} by {declarer}, {tricks} tricks ({points})",
                       "{side} {contract} durch {declarer}, {tricks} Stiche ({points})"),
    "class_why_other_learner": ("it was sent in another learner's name ({detail})",
                                "es wurde im Namen eines anderen Lernenden gesendet ({detail})"),
    "class_par_unknown": ("With all cards visible: not worked out (needs the dds extra)",
                          "Mit allen Karten offen: nicht berechnet (braucht das dds-Extra)"),
    "class_no_results": ("Nobody has played this board yet.", "Noch niemand hat dieses Board gespielt."),
    "class_rank": ("Rank", "Platz"),
    "class_learner": ("Learner", "Lernende(r)"),
    "class_contract": ("Contract", "Kontrakt"),
    "class_declarer": ("Declarer", "Alleinspieler"),
    "class_tricks": ("Tricks", "Stiche"),
    "class_points_ns": ("Points N–S", "Punkte N–S"),
    "class_points_ew": ("Points E–W", "Punkte O–W"),
    "class_learners": ("Learners", "Lernende"),
    "class_lessons_done": ("Lessons done", "Lektionen fertig"),
    "class_quiz_mastery": ("Quiz mastery", "Quiz: beherrscht"),
    "class_exercise_points": ("Exercise points", "Übungspunkte"),
    "class_boards_played": ("Boards played", "Boards gespielt"),
    "class_heat_title": ("Mastery: learners × question types (share of first tries right)",
                         "Beherrschung: Lernende × Fragetypen (Anteil richtig beim ersten Versuch)"),
    "class_heat_empty": ("No quiz answers yet.", "Noch keine Quizantworten."),
    "class_mistakes_title": ("The mistakes made most often", "Die häufigsten Fehler"),
    "class_mistakes_empty": ("No named mistake yet.", "Noch kein benannter Fehler."),
    "class_mistake_count": ("× {n}", "× {n}"),
    "class_refusals_title": ("Results refused (forged or broken)", "Abgelehnte Ergebnisse (gefälscht oder kaputt)"),
    "class_you": ("you", "du"),
    "class_error_title": ("The class page cannot be shown", "Die Klassenseite kann nicht gezeigt werden"),
    "class_error_403": ("This page is for the class's teacher only.",
                        "Diese Seite ist nur für die Lehrkraft der Klasse."),
    "class_error_404": ("There is no such page in the class.", "Diese Seite gibt es in der Klasse nicht."),
    "class_error_other": ("Something went wrong; the teacher finds the details in the hub's log.",
                          "Etwas ist schiefgegangen; die Lehrkraft findet Einzelheiten im Protokoll des Hubs."),
    "class_api_forbidden": ("Only a learner's own server of this hub may ask the class.",
                            "Nur der eigene Server eines Lernenden dieses Hubs darf die Klasse fragen."),
    "class_api_not_json": ("What was sent is not a JSON object.", "Das Gesendete ist kein JSON-Objekt."),
    "class_api_own_results": ("A learner sends only their own results.",
                              "Lernende senden nur ihre eigenen Ergebnisse."),
    "class_boards_button": ("Class boards", "Klassen-Boards"),
    "class_boards_tip": ("Play the boards your teacher published, against the same computer players as the class",
                         "Die Boards der Lehrkraft spielen, gegen dieselben Computerspieler wie die Klasse"),
    "class_boards_next": ("Class board {number} of {total}", "Klassen-Board {number} von {total}"),
    "class_boards_done": ("You have played all {total} class boards.", "Du hast alle {total} Klassen-Boards gespielt."),
    "class_boards_none": ("Your teacher has not published any boards yet.",
                          "Die Lehrkraft hat noch keine Boards veröffentlicht."),
    "class_boards_play": ("Play board {number}", "Board {number} spielen"),
    "class_boards_back": ("Back to my own game", "Zurück zum eigenen Spiel"),
    "class_boards_over": ("The board is over: its traveller and your class boards are below the table.",
                          "Das Board ist vorbei: Sein Traveller und deine Klassen-Boards stehen unter dem Tisch."),
    "class_boards_sent": ("Your result is in the class's traveller.", "Dein Ergebnis steht im Traveller der Klasse."),
    "class_boards_not_sent": ("Your result could not be sent: {why}",
                              "Dein Ergebnis konnte nicht gesendet werden: {why}"),
    "class_history": ("Your class boards", "Deine Klassen-Boards"),
    "class_unreachable": ("The class cannot be reached right now; your game is saved.",
                          "Die Klasse ist gerade nicht erreichbar; dein Spiel ist gespeichert."),
})


# sentences the computer players use to explain themselves; bots add their own keys here
_BOTS: dict[str, tuple[str, str]] = {
    "random_choice": ("{action}: chosen at random among the {n} legal choices",
                      "{action}: zufällig gewählt unter {n} erlaubten Möglichkeiten"),
    # RuleBot: bidding (the guide, BIDDING.md) and the Vint score
    "rule_hcp_range": ("{lo}–{hi} high-card points", "{lo}–{hi} Figurenpunkte"),
    "rule_balanced_word": ("an even hand (every suit 2–5 cards)",
                           "ein ausgeglichenes Blatt (jede Farbe 2–5 Karten)"),
    "rule_reason_nt_balanced": ("{hcp} high-card points and an even hand (every suit 2–5 cards)",
                                "{hcp} Figurenpunkte und ein ausgeglichenes Blatt (jede Farbe 2–5 Karten)"),
    "rule_reason_nt": ("{hcp} high-card points", "{hcp} Figurenpunkte"),
    "rule_reason_raise": ("{n} cards in my partner's suit, {suit}, and {hcp} high-card points",
                          "{n} Karten in der Farbe meines Partners, {suit}, und {hcp} Figurenpunkte"),
    "rule_reason_suit_top": ("{n} cards in {suit} headed by {top}, {hcp} high-card points",
                             "{n} Karten in {suit} mit {top} an der Spitze, {hcp} Figurenpunkte"),
    "rule_reason_suit": ("{n} cards in {suit}, {hcp} high-card points",
                         "{n} Karten in {suit}, {hcp} Figurenpunkte"),
    # how a deal is expected to end for the speaker's side: its points against the opponents'
    "rule_ahead": ("about {n} points ahead of the opponents", "etwa {n} Punkte vor den Gegnern"),
    "rule_behind": ("about {n} points behind the opponents", "etwa {n} Punkte hinter den Gegnern"),
    "rule_level": ("about level with the opponents", "etwa gleichauf mit den Gegnern"),
    "rule_bid": ("{call}: {reason}. If we bid {call}, we expect to end this deal {value}; if we pass, {alt}.",
                 "{call}: {reason}. Bieten wir {call}, erwarten wir, dieses Spiel {value} zu beenden; passen wir, "
                 "{alt}."),
    "rule_bid_forced": ("{call}: {reason}; with {hcp} high-card points the bidding guide says bid, not pass. If we "
                        "play {call}, we expect to end this deal {value}.",
                        "{call}: {reason}; mit {hcp} Figurenpunkten sagt der Bietleitfaden: bieten, nicht "
                        "passen. Spielen wir {call}, erwarten wir, dieses Spiel {value} zu beenden."),
    "rule_pass_only": ("Pass: no bid is allowed now.", "Passe: jetzt ist kein Gebot erlaubt."),
    "rule_pass_no_bid": ("Pass: with {hcp} high-card points no bid of the bidding guide fits this hand.",
                         "Passe: mit {hcp} Figurenpunkten passt kein Gebot des Bietleitfadens zu diesem Blatt."),
    "rule_pass_open": ("Pass: with the best bid, {best}, we would expect to end this deal only {value}; we wait.",
                       "Passe: mit dem besten Gebot, {best}, beendeten wir dieses Spiel wohl nur {value}; wir "
                       "warten ab."),
    "rule_pass_ours": ("Pass: with our {top} we expect to end this deal {alt}; with {best} only {value}.",
                       "Passe: mit unserem {top} beenden wir dieses Spiel wohl {alt}; mit {best} nur {value}."),
    "rule_pass_theirs": ("Pass: if the opponents play {top}, we expect to end this deal {alt}; with {best} it would "
                         "be worse ({value}).",
                         "Passe: spielen die Gegner {top}, beenden wir dieses Spiel wohl {alt}; mit {best} wäre "
                         "es schlechter ({value})."),
    "rule_other_call": ("{call}: the bidding guide reads it as {shows}; if we play {call}, we expect to end this deal "
                        "{value}. The bidding guide's choice here is {best}.",
                        "{call}: der Bietleitfaden liest das als {shows}; spielen wir {call}, beenden wir dieses "
                        "Spiel wohl {value}. Der Bietleitfaden wählt hier {best}."),
    # RuleBot: card play
    "rule_card": ("{card}: {why}.", "{card}: {why}."),
    "rule_other_card": ("{card}: a legal card, but the rule-based player plays {best} here ({why}).",
                        "{card}: erlaubt, aber der regelbasierte Spieler spielt hier {best} ({why})."),
    "rule_only": ("my only legal card", "meine einzige erlaubte Karte"),
    "rule_draw_trumps": ("drawing trumps: the opponents probably still hold {n}",
                         "Trumpf ziehen: die Gegner haben wohl noch {n}"),
    "rule_cash_master": ("the highest {suit} still in play: every higher {suit} has been played or is mine, so it "
                         "wins",
                         "die höchste Karte in {suit}, die noch im Spiel ist: jede höhere ist gespielt oder in "
                         "meiner Hand, sie gewinnt"),
    "rule_return": ("leading again the suit my partner led ({suit})",
                    "ich spiele wieder die Farbe, die mein Partner ausgespielt hat ({suit})"),
    "rule_lead_partner": ("leading the suit my partner bid ({suit})",
                          "Ausspiel in der Farbe, die mein Partner geboten hat ({suit})"),
    "rule_lead_sequence": ("the top one of my high {suit} in a row (like K Q J): it costs nothing",
                           "die oberste meiner hohen {suit} in einer Reihe (etwa K Q J): das kostet nichts"),
    "rule_lead_fourth": ("a low card, my fourth highest, from my longest and strongest suit ({suit})",
                         "eine kleine Karte, meine vierthöchste, aus meiner längsten und stärksten Farbe ({suit})"),
    "rule_lead_fourth_longest": ("a low card, my fourth highest, from my longest suit ({suit})",
                                 "eine kleine Karte, meine vierthöchste, aus meiner längsten Farbe ({suit})"),
    "rule_lead_fourth_long": ("a low card, my fourth highest, from a long suit ({suit}, {n} cards)",
                              "eine kleine Karte, meine vierthöchste, aus einer langen Farbe ({suit}, {n} Karten)"),
    "rule_lead_short": ("the top card of a short suit ({suit})", "die höchste Karte einer kurzen Farbe ({suit})"),
    "rule_lead_top_of_three": ("the top card of three low cards in {suit}",
                               "die höchste von drei kleinen Karten in {suit}"),
    "rule_lead_low": ("a low card from {suit}, keeping my high card back",
                      "eine kleine Karte in {suit}, meine hohe Karte bleibt zurück"),
    "rule_second_low": ("I play low: my partner plays after me and can still win this trick",
                        "ich spiele klein: mein Partner spielt nach mir und kann den Stich noch gewinnen"),
    "rule_cover": ("{win} is a high card: I beat it with a higher one",
                   "{win} ist eine hohe Karte: ich schlage sie mit einer höheren"),
    "rule_third_high": ("I play high enough to win the trick, so that the last player must beat it",
                        "ich spiele hoch genug, um den Stich zu gewinnen; der letzte Spieler muss ihn erst schlagen"),
    "rule_win_cheap": ("the lowest card that wins the trick", "die niedrigste Karte, die den Stich gewinnt"),
    "rule_partner_wins": ("my partner's {win} is winning, so I play low",
                          "die {win} meines Partners gewinnt schon, also spiele ich klein"),
    "rule_cannot_win": ("I cannot beat {win}, so I play my lowest card",
                        "ich kann {win} nicht schlagen und gebe meine kleinste Karte"),
    "rule_ruff": ("no {suit} left: I trump to win the trick", "kein {suit} mehr: ich steche, um den Stich zu gewinnen"),
    "rule_discard": ("no {suit} left: discarding from my weakest suit",
                     "kein {suit} mehr: ich werfe aus meiner schwächsten Farbe ab"),
    "sim_only": ("{action}: the only legal choice", "{action}: die einzige erlaubte Möglichkeit"),
    "sim_play_best": (
        "{action}: I tried {n} guesses at the hidden hands; with this card {side} win {tricks} tricks on average "
        "and end the deal {score}, {more} tricks more than with {other}",
        "{action}: ich habe {n} mögliche Verteilungen der verdeckten Karten durchgespielt; mit dieser Karte gewinnen "
        "{side} im Mittel {tricks} Stiche und beenden das Spiel {score}, {more} Stiche mehr als mit {other}"),
    "sim_play_score": (
        "{action}: I tried {n} guesses at the hidden hands; with this card {side} win {tricks} tricks on average, "
        "as many as with {other}, but {diff} points more",
        "{action}: ich habe {n} mögliche Verteilungen der verdeckten Karten durchgespielt; mit dieser Karte gewinnen "
        "{side} im Mittel {tricks} Stiche, so viele wie mit {other}, aber {diff} Punkte mehr"),
    "sim_play_all_equal": (
        "{action}: I tried {n} guesses at the hidden hands; every card wins {tricks} tricks on average for {side}, "
        "so I keep the higher cards",
        "{action}: ich habe {n} mögliche Verteilungen der verdeckten Karten durchgespielt; jede Karte gewinnt im "
        "Mittel {tricks} Stiche für {side}, also behalte ich die höheren Karten"),
    "sim_play_worse": (
        "{action}: I tried {n} guesses at the hidden hands; with this card {side} win {tricks} tricks on average, "
        "with {best} {best_tricks}",
        "{action}: ich habe {n} mögliche Verteilungen der verdeckten Karten durchgespielt; mit dieser Karte gewinnen "
        "{side} im Mittel {tricks} Stiche, mit {best} {best_tricks}"),
    "sim_call_best": (
        "{action}: I tried {n} guesses at the hidden hands; after this call {side} end the deal {score} on "
        "average, {more} points better than after {other}",
        "{action}: ich habe {n} mögliche Verteilungen der verdeckten Karten durchgespielt; nach dieser Ansage "
        "beenden {side} das Spiel im Mittel {score}, {more} Punkte besser als nach {other}"),
    "sim_call_guide": (
        "{action}: the bidding guide's call; I tried {n} guesses at the hidden hands and no other call was clearly "
        "better ({side} end the deal {score} on average)",
        "{action}: die Ansage des Bietleitfadens; ich habe {n} mögliche Verteilungen der verdeckten Karten "
        "durchgespielt, und keine andere Ansage war deutlich besser ({side} beenden das Spiel im Mittel {score})"),
    "sim_call_worse": (
        "{action}: I tried {n} guesses at the hidden hands; after this call {side} end the deal {score} on "
        "average, after {best} {best_score}",
        "{action}: ich habe {n} mögliche Verteilungen der verdeckten Karten durchgespielt; nach dieser Ansage "
        "beenden {side} das Spiel im Mittel {score}, nach {best} {best_score}"),
    "sim_call_settled": ("{action}: the bidding guide's call; nothing to contest while {side} pass or hold "
                         "the contract",
                         "{action}: die Ansage des Bietleitfadens; nichts umkämpft, solange {side} passt oder den "
                         "Kontrakt hält"),
    "sim_fallback": (
        "the thinking player needs the optional endplay package, which is not installed, so the rule-based "
        "player chose: {inner}",
        "der nachdenkende Spieler braucht das optionale Paket endplay, das nicht installiert ist, daher wählte der "
        "regelbasierte Spieler: {inner}"),
    # SimBot: how a side ends a deal, its points against the opponents'
    "sim_ahead": ("about {n} points ahead", "etwa {n} Punkte vorn"),
    "sim_behind": ("about {n} points behind", "etwa {n} Punkte hinten"),
    "sim_level": ("about level", "etwa gleichauf"),
}


class CatalogueError(KeyError):
    """A programming error: a message was asked for with parameters that do not match its template."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class Phrase:
    """A sentence of the catalogue not yet put in a language: a key of :func:`text` and its parameters.

    Pass it as a parameter of another message (``problem=Phrase("deal_card_twice", card=card)``)
    and it is rendered in that message's language.
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any) -> None:
        if key not in _TEXTS:
            raise CatalogueError(f"{key!r} is not a key of the catalogue")
        self.key = key
        self.params = params

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``"en"`` or ``"de"``), its parameters filled in."""
        return _fill(_TEXTS[self.key][_lang(lang)], lang, self.params, exact=True)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Phrase({self.key!r}{args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (other.key, other.params) == (self.key, self.params)

    def __hash__(self) -> int:
        return hash(self.key)


def _lang(lang: str) -> int:
    return 1 if lang.lower().startswith("de") else 0


def seat_name(seat: int, lang: str = "en") -> str:
    """The name of seat number ``seat`` (0 North … 3 West) in ``lang``: ``"North"``, ``"Süd"``."""
    return _SEATS["de" if _lang(lang) else "en"][seat]


def side_name(side: int, lang: str = "en") -> str:
    """The name of side number ``side`` (0 N–S, 1 E–W) in ``lang``: ``"N–S"``, ``"O–W"``."""
    return _SIDES["de" if _lang(lang) else "en"][side]


def _render(value: Any, lang: str) -> Any:
    if isinstance(value, Phrase):
        return value.text(lang)
    if callable(getattr(value, "text", None)) and not isinstance(value, str):  # a Seat, a Contract, a ScoreLine, …
        return value.text(lang)
    message = getattr(value, "message", None)
    if isinstance(value, Exception) and callable(message):  # a nested VintError
        return message(lang)
    if isinstance(value, enum.Enum) or value is None:
        return str(value) if value is not None else "—"
    return value if isinstance(value, (int, float, str)) else str(value)


_FORMATTER = string.Formatter()


def placeholders(template: str) -> frozenset[str]:
    """The names of a template's placeholders: ``{seat} to act`` → ``{'seat'}``."""
    return frozenset(name for _, name, _, _ in _FORMATTER.parse(template) if name)


def _fill(template: str, lang: str, params: Mapping[str, Any], *, exact: bool = False) -> str:
    """``template`` with every placeholder filled from ``params``, in ``lang``.

    A placeholder without a parameter raises :class:`CatalogueError`; so does, if ``exact``,
    a parameter without a placeholder.
    """
    names = placeholders(template)
    missing = names - params.keys()
    unused = params.keys() - names if exact else set()
    if missing or unused:
        what = [f"needs the parameter(s) {', '.join(sorted(missing))}"] if missing else []
        what += [f"has no place for {', '.join(sorted(unused))}"] if unused else []
        raise CatalogueError(f"the message {template!r} {' and '.join(what)}")
    return template.format(**{k: _render(params[k], lang) for k in names})


def error_message(reason: enum.Enum | str, lang: str, params: Mapping[str, Any]) -> str:
    """The message of a :class:`~vint_core.errors.Reason` (or its value) in ``lang``, filled from ``params``."""
    key = reason.value if isinstance(reason, enum.Enum) else reason
    return _fill(_ERRORS[key][_lang(lang)], lang, params, exact=True)


def score_text(key: str, lang: str, params: Mapping[str, Any], **extra: Any) -> str:
    """The score sheet's line ``key`` in ``lang``, filled from ``params`` and ``extra`` (singular or plural by
    ``n``)."""
    entry = _SCORES[key]
    values = {**params, **extra}
    if isinstance(entry[0], tuple):
        entry = entry[0] if values.get("n") == 1 else entry[1]
    return _fill(str(entry[_lang(lang)]), lang, values)


def bot_text(key: str, lang: str = "en", **params: Any) -> str:
    """A computer player's explanation by key."""
    return _fill(_BOTS[key][_lang(lang)], lang, params)


def text(key: str, lang: str = "en", **params: Any) -> str:
    """A user-facing sentence by key."""
    return _fill(_TEXTS[key][_lang(lang)], lang, params)


def rules_title(name: str, lang: str = "en") -> str:
    """A rule set's name in words (its own name if it is not one of the named presets).

    >>> rules_title("short"), rules_title("seed, flat 50", "de")
    ('Short rubber (game to 500)', 'seed, flat 50')
    """
    pair = _TEXTS.get(f"rules_title_{name}")
    return pair[_lang(lang)] if pair else name


def rules_short(name: str, lang: str = "en") -> str:
    """A rule set's short name in words, for a small space: its title without the words in brackets.

    >>> rules_short("seed"), rules_short("progressive", "de")
    ('Standard Vint', 'Progressiv')
    """
    return rules_title(name, lang).split(" (")[0]


def rules_about(name: str, lang: str = "en") -> str:
    """One line on what a named rule set is ("" for one of the learner's own)."""
    pair = _TEXTS.get(f"rules_about_{name}")
    return pair[_lang(lang)] if pair else ""


def bot_title(name: str, lang: str = "en") -> str:
    """A computer player's name in words: ``bot_title("sim-fast")`` → ``'Thinking, fast'``."""
    pair = _TEXTS.get(f"bot_title_{name.replace('-', '_')}")
    return pair[_lang(lang)] if pair else name


def bot_about(name: str, lang: str = "en") -> str:
    """One line on how a computer player plays."""
    pair = _TEXTS.get(f"bot_about_{name.replace('-', '_')}")
    return pair[_lang(lang)] if pair else ""


def entries() -> Iterator[tuple[str, str, str]]:
    """Every entry of the catalogue as (name, English, German); singular and plural forms apart."""
    for reason, pair in _ERRORS.items():
        yield f"error {reason.upper()}", pair[0], pair[1]
    for key, entry in _SCORES.items():
        forms = entry if isinstance(entry[0], tuple) else (entry,)
        for i, form in enumerate(forms):
            yield f"score {key}/{i}", str(form[0]), str(form[1])
    for table, catalogue in (("text", _TEXTS), ("bot", _BOTS)):
        for key, pair in catalogue.items():
            yield f"{table} {key}", pair[0], pair[1]
