"""The first schema: classes, learners, board sets and boards, results, quiz answers, lesson events, grades.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _when() -> sa.Column[Any]:
    return sa.Column("at", sa.DateTime(timezone=True), nullable=False)


def _learner() -> sa.Column[Any]:
    return sa.Column("learner_id", sa.Integer(), sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False)


def upgrade() -> None:
    """Create the tables."""
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("teacher", sa.String(100), nullable=False),
        sa.Column("anonymise", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.UniqueConstraint("class_id", "name"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index(op.f("ix_learners_class_id"), "learners", ["class_id"])
    op.create_table(
        "board_sets",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("published_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(op.f("ix_board_sets_class_id"), "board_sets", ["class_id"])
    op.create_table(
        "boards",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("set_id", sa.Integer(), sa.ForeignKey("board_sets.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("dealer", sa.String(1), nullable=False),
        sa.Column("pbn_deal", sa.String(80), nullable=True),
        sa.UniqueConstraint("set_id", "number"),
    )
    op.create_index(op.f("ix_boards_set_id"), "boards", ["set_id"])
    op.create_table(
        "results",
        sa.Column("id", sa.Integer(), primary_key=True),
        _learner(),
        sa.Column("board_id", sa.Integer(), sa.ForeignKey("boards.id", ondelete="CASCADE"), nullable=False),
        sa.Column("auction", sa.Text(), nullable=False),
        sa.Column("contract", sa.String(8), nullable=True),
        sa.Column("declarer", sa.String(1), nullable=True),
        sa.Column("tricks", sa.Integer(), nullable=True),
        sa.Column("points_ns", sa.Integer(), nullable=False),
        sa.Column("points_ew", sa.Integer(), nullable=False),
        sa.Column("record_json", sa.Text(), nullable=False),
        _when(),
        sa.UniqueConstraint("learner_id", "board_id"),
    )
    op.create_index(op.f("ix_results_learner_id"), "results", ["learner_id"])
    op.create_index(op.f("ix_results_board_id"), "results", ["board_id"])
    op.create_table(
        "quiz_answers",
        sa.Column("id", sa.Integer(), primary_key=True),
        _learner(),
        sa.Column("source", sa.String(40), nullable=False),
        sa.Column("question_type", sa.String(60), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("first_try", sa.Boolean(), nullable=False),
        sa.Column("misconception", sa.String(80), nullable=True),
        _when(),
    )
    op.create_index(op.f("ix_quiz_answers_learner_id"), "quiz_answers", ["learner_id"])
    op.create_table(
        "lesson_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        _learner(),
        sa.Column("lesson", sa.String(20), nullable=False),
        sa.Column("event", sa.String(10), nullable=False),
        _when(),
    )
    op.create_index(op.f("ix_lesson_events_learner_id"), "lesson_events", ["learner_id"])
    op.create_table(
        "grades",
        sa.Column("id", sa.Integer(), primary_key=True),
        _learner(),
        sa.Column("exercise", sa.String(80), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("max_points", sa.Float(), nullable=False),
        _when(),
        sa.UniqueConstraint("learner_id", "exercise"),
    )
    op.create_index(op.f("ix_grades_learner_id"), "grades", ["learner_id"])


def downgrade() -> None:
    """Drop the tables."""
    for table in ("grades", "lesson_events", "quiz_answers", "results", "boards", "board_sets", "learners",
                  "classes"):
        op.drop_table(table)
