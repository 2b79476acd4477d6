"""Quizzes as files: the ``vint-quiz/1`` JSON document and JupyterQuiz's question format.

>>> doc = quiz_document("play", seed=1, count=2, rules="seed", lang="de")
>>> doc["format"], doc["topic"], doc["rules"], doc["lang"], [i["type"] for i in doc["items"]]
('vint-quiz/1', 'play', 'seed', 'de', ['legal_cards', 'trick_winner'])
>>> questions = jupyterquiz_questions(generate("play", seed=1, count=4), lang="en")
>>> [q["type"] for q in questions], sum(a["correct"] for a in questions[0]["answers"])
(['multiple_choice', 'multiple_choice'], 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from vint_core.quiz import generate
from vint_core.quiz.items import Item, wrong_feedback
from vint_core.rules import RuleSet

FORMAT = "vint-quiz/1"


def quiz_document(topic: str, *, seed: int, count: int, rules: str | RuleSet | None = None,
                  lang: str = "en") -> dict[str, Any]:
    """``{"format": "vint-quiz/1", "topic", "seed", "rules", "lang", "items"}``; ``rules`` is
    ``null`` when every item draws its own rule set."""
    items = generate(topic, seed=seed, count=count, rules=rules)
    name = rules.name if isinstance(rules, RuleSet) else rules
    return {"format": FORMAT, "topic": topic, "seed": seed, "rules": name, "lang": lang,
            "items": [item.to_json(lang) for item in items]}


def jupyterquiz_questions(items: Iterable[Item], *, lang: str = "en") -> list[dict[str, Any]]:
    """The choice items (and the single-number ones) as JupyterQuiz questions: ``multiple_choice``
    with every choice's feedback, ``numeric`` with the misconceptions' numbers and a default
    feedback. Items answered with per-side numbers or cards have no JupyterQuiz form and are left out."""
    out: list[dict[str, Any]] = []
    for item in items:
        question = item.text(lang)
        if item.kind == "choice":
            out.append({"question": question, "type": "multiple_choice",
                        "answers": [{"answer": item.label(c, lang), "correct": c.correct,
                                     "feedback": c.feedback.text(lang)} for c in item.choices]})
        elif item.kind == "number":
            answers: list[dict[str, Any]] = [{"value": c.value, "correct": c.correct,
                                              "feedback": c.feedback.text(lang)} for c in item.choices]
            right = next(c for c in item.choices if c.correct)
            default = wrong_feedback(item.label_msg(right), item.explanation)
            answers.append({"type": "default", "feedback": default.text(lang)})
            out.append({"question": question, "type": "numeric", "precision": 0, "answers": answers})
    return out


__all__ = ["FORMAT", "jupyterquiz_questions", "quiz_document"]
