"""Builders for the scene vocabulary (see ARCHITECTURE.md): plain JSON-ready dicts."""

from __future__ import annotations

from typing import Any

SIZE_NAMES = {1: "small", 2: "medium", 3: "large"}


def piece(id: str | None, colour: str, size: int) -> dict[str, Any]:
    """An upright pyramid."""
    return {"id": id, "colour": colour, "size": size}


def player_panel(
    seat: int, name: str, colour: str, score: float, note: str = "", badges: list[str] | None = None
) -> dict[str, Any]:
    return {"seat": seat, "name": name, "colour": colour, "score": score, "note": note,
            "badges": badges or []}


def piles_region(id: str, label: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Rows of interchangeable pieces: `pile_row(...)` each."""
    return {"kind": "piles", "id": id, "label": label, "rows": rows}


def pile_row(label: str, colour: str, piles: list[dict[str, Any]]) -> dict[str, Any]:
    return {"label": label, "colour": colour, "piles": piles}


def pile(id: str, colour: str, size: int, count: int) -> dict[str, Any]:
    return {"id": id, "colour": colour, "size": size, "count": count}


def towers_region(id: str, label: str, towers: list[dict[str, Any]]) -> dict[str, Any]:
    """Stacks drawn side-on; the region's id is itself a target (the empty table)."""
    return {"kind": "towers", "id": id, "label": label, "towers": towers}


def tower(id: str, label: str, pieces: list[dict[str, Any]], owner: str | None, points: int) -> dict[str, Any]:
    return {"id": id, "label": label, "pieces": pieces, "owner": owner, "points": points}


def scene(title: str, players: list[dict[str, Any]], regions: list[dict[str, Any]],
          marks: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"title": title, "players": players, "regions": regions, "marks": marks or []}
