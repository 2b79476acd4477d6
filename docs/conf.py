"""Sphinx configuration of vint_core's reference (``make docs`` writes it to build/docs).

The API pages are built from the docstrings by autodoc; ``nitpicky`` and ``-W`` (the test
``tests/test_docs_build.py`` runs ``sphinx-build -W -n``) make every cross-reference in a docstring
resolve or fail the build. Nothing is fetched at build time: there is no intersphinx, so a
docstring names the standard library's and other packages' objects as plain literals, and the few
external names that type hints bring in are listed in ``nitpick_ignore`` below.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

project = "vint_core"
author = "the vint_core authors"
copyright = "the vint_core authors"

extensions = ["sphinx.ext.autodoc", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
root_doc = "index"
html_theme = "alabaster"
html_title = "vint_core reference"

nitpicky = True
# the contents list the modules, not every class and function in them
toc_object_entries = False
autodoc_member_order = "bysource"
# every module documents what it defines; the names a package or module re-exports through ``__all__``
# are documented once, where they are defined
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_typehints = "description"
# rules.md's own section numbers are its anchors; headings become targets for links like rules.md#2-...
myst_heading_anchors = 4

# Names from outside vint_core that type hints and base classes bring in: with no intersphinx (nothing is
# fetched at build time) they have no target. Each one is listed; a new one fails the build until it is.
_STDLIB = [
    "argparse.ArgumentParser", "argparse.Namespace", "collections.deque", "collections.abc.Callable",
    "collections.abc.Collection",
    "collections.abc.Iterable", "collections.abc.Iterator", "collections.abc.Mapping", "collections.abc.Sequence",
    "enum.Enum", "enum.IntEnum", "fractions.Fraction", "os.PathLike", "pathlib.Path", "random.Random",
    "subprocess.Popen", "threading.Thread", "concurrent.futures._base.Future", "datetime.datetime",
    "Path",  # pathlib.Path as some signatures' unions print it
]
_THIRD_PARTY = [
    "ipywidgets.widgets.widget_box.VBox", "ipywidgets.widgets.widget_selection.Dropdown",
    "jupyter_server.auth.IdentityProvider", "matplotlib.figure.Figure", "nbconvert.exporters.exporter.ResourcesDict",
    "nbformat.notebooknode.NotebookNode", "nbgrader.preprocessors.clearhiddentests.ClearHiddenTests",
    "nbgrader.preprocessors.overwritecells.OverwriteCells", "tornado.httputil.HTTPServerRequest",
    "tornado.web.Application", "tornado.web.RequestHandler", "voila.app.Voila",
    "voila.shutdown_kernel_handler.VoilaShutdownKernelHandler", "voila.tornado.handler.TornadoVoilaHandler",
    "voila.tornado.kernel_websocket_handler.VoilaKernelWebsocketHandler",
    "jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection",  # the websocket's connection
    "sqlalchemy.orm.decl_api.DeclarativeBase", "sqlalchemy.sql.type_api.TypeDecorator",  # class mode's models
    "jupyterhub.services.auth.HubOAuthenticated", "jupyter_server.auth.identity.PasswordIdentityProvider",
    "jupyter_server.auth.identity.User",  # class mode's service and personal links
    "nbgrader.api.Gradebook", "nbgrader.plugins.export.ExportPlugin",  # class mode's grades from nbgrader
    "Application", "t.Any",  # from the traitlets of Voilà's and Jupyter Server's classes the pages extend
]
nitpick_ignore = [("py:class", name) for name in _STDLIB + _THIRD_PARTY]
nitpick_ignore_regex = [
    # private helpers (bases, a NamedTuple's field, type variables) that signatures name but the reference leaves out
    ("py:(class|obj)", r"vint_core\.[\w.]+\._\w+"),
    ("py:(class|obj)", r"vint_core\.(seats|saves)\.[TU]"),
]



def _skip_imported(app, what, name, obj, skip, options):  # type: ignore[no-untyped-def]
    """``autodoc-skip-member``: a module's member defined in another module (``from x import y``) skipped before
    autodoc loads it. autodoc leaves such a member out of the page anyway (its own ``__module__`` check, as there
    is no ``imported-members``), but only after loading it: formatting its signature, and parsing the source of
    the module it comes from (tornado's, sqlalchemy's, matplotlib's), a sixth of the build. The same rule, applied
    earlier: a member documented by a ``#:`` comment in the module, which autodoc keeps, is not skipped."""
    from sphinx.pycode import ModuleAnalyzer
    from sphinx.util.inspect import safe_getattr, unpartial

    if what != "module" or skip or options.imported_members:
        return None
    # the module whose members are being gathered (Sphinx 8.2 on; before, the same in temp_data)
    current = getattr(app.env, "current_document", None)
    module = current.autodoc_module if current is not None else app.env.temp_data.get("autodoc:module")
    parent = sys.modules.get(module)
    if parent is None or not hasattr(parent, name):  # an annotation only: autodoc keeps it as an attribute
        return None
    defined_in = safe_getattr(unpartial(obj), "__module__", None)
    if not defined_in or defined_in == module:
        return None
    if ("", name) in ModuleAnalyzer.for_module(module).find_attr_docs():
        return None
    return True


def setup(app):  # type: ignore[no-untyped-def]
    app.connect("autodoc-skip-member", _skip_imported)
