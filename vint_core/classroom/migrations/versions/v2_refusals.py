"""The refused results' log, and each board's double-dummy par kept once computed.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``refusals`` and ``boards.par_json``."""
    op.create_table(
        "refusals",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("learner", sa.String(100), nullable=False),
        sa.Column("board_id", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(40), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(op.f("ix_refusals_class_id"), "refusals", ["class_id"])
    with op.batch_alter_table("boards") as batch:
        batch.add_column(sa.Column("par_json", sa.Text(), nullable=True))


def downgrade() -> None:
    """Remove them again."""
    with op.batch_alter_table("boards") as batch:
        batch.drop_column("par_json")
    op.drop_table("refusals")
