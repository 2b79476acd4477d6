"""Screenshots of the notebook HTML of a Card, Hand, Trick, Auction, Deal and Rubber, as people see it.

    PYTHONPATH=. .venv/bin/python bench/html_look.py [--out test-artifacts/html-look]

Writes a notebook showing each value, executes it with nbconvert into HTML (JupyterLab's template,
light and dark theme), writes two more pages that imitate GitHub's notebook viewer (which drops
``<style>`` elements and ``class`` attributes; ``github-bare`` also drops ``style`` attributes), and
takes screenshots of every page with headless Chromium at desktop (1280 px) and phone (390 px)
width. Needs the ``notebooks`` extra and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import nbformat

CELLS = [
    "from bench.html_sizes import values\nv = values()",
    "v['Card']", "v['Hand']", "v['Trick']", "v['Auction']", "v['Deal (in play)']", "v['Deal (finished)']",
    "v['Rubber (4 deals)']",
    "from vint_core import Card, Hand, render\nfrom IPython.display import HTML\n"
    "HTML(render.hand_html(Hand.parse('AK.QJ.T9.8765432'), four_colour=True, layout='suits', lang='de'))",
]


def _github(html: str, *, keep_style_attrs: bool) -> str:
    """The page as GitHub shows a notebook: no <style> elements, no classes (and maybe no style attributes)."""
    body = re.sub(r"<style[^>]*>.*?</style>", "", html, flags=re.S)
    body = re.sub(r'\sclass="[^"]*"', "", body)
    if not keep_style_attrs:
        body = re.sub(r'\sstyle="[^"]*"', "", body)
    return body


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("test-artifacts/html-look"))
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    source = out / "values.ipynb"
    nbformat.write(nb, source)
    pages = {}
    for theme in ("light", "dark"):
        target = out / f"lab-{theme}"
        subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute",
                        "--template", "lab", "--theme", theme, "--output", target.name, str(source)],
                       check=True, capture_output=True)
        pages[f"lab-{theme}"] = target.with_suffix(".html")
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    str(source)], check=True, capture_output=True)
    executed = nbformat.read(source, as_version=4)
    outputs = [o["data"]["text/html"] for c in executed.cells for o in c.get("outputs", [])
               if "text/html" in o.get("data", {})]
    for name, keep in (("github", True), ("github-bare", False)):
        page = out / f"{name}.html"
        page.write_text('<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif">'
                        + "".join(f"<div style='margin:1em 0'>{_github(part, keep_style_attrs=keep)}</div>"
                                  for part in outputs)
                        + "</body>", encoding="utf-8")
        pages[name] = page
    for name, page in pages.items():
        for label, width in (("desktop", 1280), ("phone", 390)):
            shot = out / f"{name}-{label}.png"
            subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            f"--screenshot={shot.resolve()}", f"--window-size={width},4200",
                            page.resolve().as_uri()], check=True, capture_output=True)
            _trim(shot)
            print(shot)


def _trim(shot: Path) -> None:
    """Cut the empty page below the last output, and split a tall shot into parts of 1400 px (for viewing)."""
    from PIL import Image, ImageChops

    image = Image.open(shot).convert("RGB")
    background = Image.new("RGB", image.size, image.getpixel((image.width - 1, image.height - 1)))
    box = ImageChops.difference(image, background).getbbox()
    if box:
        image = image.crop((0, 0, image.width, min(image.height, box[3] + 20)))
    image.save(shot)
    for i, top in enumerate(range(0, image.height, 1400)):
        image.crop((0, top, image.width, min(image.height, top + 1400))).save(shot.with_suffix(f".{i + 1}.png"))


if __name__ == "__main__":
    main()
