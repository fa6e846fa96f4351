"""The rooms_112 variant (docs/rules/icefortress.md, R1): the six rooms marked extra join the room decks only when
it is on, bringing the set to the 112 rooms the rulebook states."""

from __future__ import annotations

from pathlib import Path

import pytest

from icewidgets.games.icefortress import CardError, IceFortress, State, load_cards


def rooms_in_play(state: State) -> list[int]:
    """Every room card in the decks or the supply (the fortress is empty at the start)."""
    out = list(state.supply)
    for deck in state.decks:
        out += [*deck.unseen, *deck.bottom]
    return out


@pytest.mark.parametrize("on", [False, True])
def test_the_extra_rooms_join_the_decks_only_with_the_variant(on: bool) -> None:
    game = IceFortress(players=2, rooms_112=on)
    state = game.start(3)
    rooms = rooms_in_play(state)
    extras = {i for i, room in enumerate(game.cards.rooms) if room.extra}
    assert len(extras) == 6
    assert len(rooms) == len(set(rooms)) == (112 if on else 106)
    assert extras <= set(rooms) if on else not extras & set(rooms)
    sizes = [sum(1 for r in rooms if game.cards.rooms[r].size == s) for s in range(4)]
    assert sizes == ([12, 28, 34, 38] if on else [12, 26, 32, 36])


def test_the_variant_is_named_in_the_canonical_string() -> None:
    variant = IceFortress(rooms_112=True).variant
    assert "rooms_112=true" in str(variant)
    assert type(variant).parse(str(variant)).rooms_112 is True


def test_extra_must_be_a_boolean(tmp_path: Path) -> None:
    (tmp_path / "rooms.toml").write_text(
        '[[room]]\nid = "r1"\nsize = "small"\nelement = "white"\nextra = "yes"\nsquares = [{ id = "a", any = true }]\n')
    with pytest.raises(CardError, match=r"room 'r1', extra: expected true or false"):
        load_cards(tmp_path)
