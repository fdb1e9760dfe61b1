"""``plugins``: what is loaded, what each plugin registers, and what failed."""

from __future__ import annotations

import argparse
from typing import Any

from editor.i18n import _, translate
from editor.plugins import PluginHost, default_host

from .common import add_format, print_json


def register(subparsers: Any) -> None:
    """Add the ``plugins`` subcommand."""
    parser = subparsers.add_parser(
        "plugins", help=_("list plugins, their editions and hooks, and load errors"),
        description=_("List the built-in and installed plugins (entry-point group "
        "'carcassonne_editor'), their versions, the editions each registers with their "
        "options and sources, the hooks each implements, and any plugin that failed. Exit "
        "code: 0 every plugin loaded, 1 a plugin failed (listed)."))
    add_format(parser)
    parser.set_defaults(handler=run)


def describe(host: PluginHost) -> dict[str, Any]:
    """Everything the command prints, as plain data."""
    plugins = []
    for info in host.infos.values():
        editions = []
        for name in info.editions:
            e = host.editions[name]
            editions.append({
                "name": e.name, "title": e.title, "expansion": e.expansion,
                "tilesets": list(e.tilesets), "pairs_with": list(e.pairs_with),
                "citation": e.citation,
                "figures": [{"kind": k.name, "strength": k.strength, "supply": k.supply}
                            for k in e.figures],
                "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                             "help": o.help} for o in e.options],
                "disabled": e.name in host.disabled,
            })
        plugins.append({"name": info.name, "module": info.module, "version": info.version,
                        "builtin": info.builtin, "editions": editions, "hooks": info.hooks})
    return {"plugins": plugins, "errors": [
        {"plugin": e.plugin, "stage": e.stage, "message": e.message} for e in host.errors]}


def run(args: argparse.Namespace) -> int:
    """Print the plugin listing; exit 1 when a plugin failed."""
    host = default_host()
    host.tileset_paths()  # so that a plugin's answer there is checked and reported too
    data = describe(host)
    if args.format == "json":
        print_json(data)
    else:
        for p in data["plugins"]:
            origin = _("built-in") if p["builtin"] else _("installed")
            print(f"{p['name']} {p['version']} ({origin}, {p['module']})")
            for e in p["editions"]:
                title = translate(e["title"])
                print("  " + (_("edition {name}: {title}  [disabled]") if e["disabled"]
                              else _("edition {name}: {title}")).format(name=e["name"],
                                                                       title=title))
                if e["citation"]:
                    print("    " + _("sources: {citation}").format(citation=e["citation"]))
                for o in e["options"]:
                    choices = "|".join(map(str, o["choices"]))
                    print("    " + _("option {name}={choices} (default {default})").format(
                        name=o["name"], choices=choices, default=o["default"]))
            print("  " + _("hooks: {hooks}").format(hooks=", ".join(p["hooks"])))
        for err in host.errors:
            print(_("error: {error}").format(error=err))
    return 1 if host.errors else 0
