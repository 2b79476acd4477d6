"""The build's one step beyond pyproject.toml: the message catalogues compiled, ``.po`` → ``.mo``, with Babel.

``vint_core.i18n`` reads the ``.mo`` files with Python's own ``gettext``; a wheel carries them, and an
editable install (``pip install -e .``) writes them beside their ``.po`` (``make catalogue`` does the same).
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).resolve().parent / "vint_core" / "locale"


def compile_catalogues() -> None:
    """Every ``vint_core/locale/<lang>/LC_MESSAGES/vint_core.po`` compiled to its ``.mo`` (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(LOCALE.glob("*/LC_MESSAGES/vint_core.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        with po.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog)


class BuildWithCatalogues(build_py):
    """setuptools' build_py, the catalogues compiled first (so the wheel's package data has them)."""

    def run(self) -> None:
        compile_catalogues()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
