"""The Variant machinery (core/variant.py), exercised through IceTowersVariant."""

from __future__ import annotations

import dataclasses
import itertools
import json
from dataclasses import dataclass
from typing import ClassVar

import pytest

import icewidgets
from icewidgets import BadOption, Variant
from icewidgets.core.variant import option
from icewidgets.games.icetowers import IceTowers, IceTowersVariant

DEFAULT_TEXT = (
    "icetowers(players=3, trios=5, gus=auto, cap_other_colour_only=false, strict_mining=false, "
    "passed_players_wait=false)"
)
OTHER = IceTowersVariant(players=4, trios=2, gus=True, cap_other_colour_only=True, strict_mining=True,
                         passed_players_wait=True)
OTHER_TEXT = (
    "icetowers(players=4, trios=2, gus=true, cap_other_colour_only=true, strict_mining=true, "
    "passed_players_wait=true)"
)
OPTION_NAMES = "players, trios, gus, cap_other_colour_only, strict_mining, passed_players_wait"


# -- defaults ---------------------------------------------------------------------------------


def test_defaults():
    v = IceTowersVariant()
    assert (v.players, v.trios, v.gus, v.cap_other_colour_only, v.strict_mining,
            v.passed_players_wait) == (3, 5, None, False, False, False)
    assert v.has_gus is False
    assert v.colours == 3


@pytest.mark.parametrize(
    "players, gus, has_gus, colours",
    [(2, None, True, 3), (3, None, False, 3), (2, False, False, 2), (6, True, True, 7)],
)
def test_gus_auto_means_two_players(players, gus, has_gus, colours):
    v = IceTowersVariant(players=players, gus=gus)
    assert v.has_gus is has_gus
    assert v.colours == colours


def test_make_with_no_options_is_the_default():
    assert IceTowersVariant.make() == IceTowersVariant()
    assert IceTowers().variant == IceTowersVariant()


def test_variants_are_frozen_values():
    v = IceTowersVariant(players=4)
    assert v == IceTowersVariant(players=4)
    assert hash(v) == hash(IceTowersVariant(players=4))
    assert v != IceTowersVariant(players=5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.players = 5  # type: ignore[misc]


# -- validation -------------------------------------------------------------------------------

BAD = [
    # (options, the whole message)
    ({"players": 1}, "icetowers option 'players' cannot be 1: from 2 to 6"),
    ({"players": 7}, "icetowers option 'players' cannot be 7: from 2 to 6"),
    ({"players": True}, "icetowers option 'players' must be int, not bool True (from 2 to 6)"),
    ({"players": 3.0}, "icetowers option 'players' must be int, not float 3.0 (from 2 to 6)"),
    ({"players": "3"}, "icetowers option 'players' must be int, not str '3' (from 2 to 6)"),
    ({"players": None}, "icetowers option 'players' needs a value (from 2 to 6)"),
    ({"trios": 0}, "icetowers option 'trios' cannot be 0: from 1 to 10"),
    ({"trios": 11}, "icetowers option 'trios' cannot be 11: from 1 to 10"),
    ({"trios": False}, "icetowers option 'trios' must be int, not bool False (from 1 to 10)"),
    ({"gus": 1}, "icetowers option 'gus' must be bool, not int 1 (one of auto, true, false)"),
    ({"gus": "auto"},
     "icetowers option 'gus' must be bool, not str 'auto' (one of auto, true, false)"),
    ({"cap_other_colour_only": 1},
     "icetowers option 'cap_other_colour_only' must be bool, not int 1 (a bool)"),
    ({"cap_other_colour_only": 0},
     "icetowers option 'cap_other_colour_only' must be bool, not int 0 (a bool)"),
    ({"cap_other_colour_only": None},
     "icetowers option 'cap_other_colour_only' needs a value (a bool)"),
    ({"strict_mining": "yes"},
     "icetowers option 'strict_mining' must be bool, not str 'yes' (a bool)"),
    ({"strict_mining": 1.0},
     "icetowers option 'strict_mining' must be bool, not float 1.0 (a bool)"),
    ({"colours": 2}, f"icetowers has no option 'colours'; its options are: {OPTION_NAMES}"),
    ({"Players": 3}, f"icetowers has no option 'Players'; its options are: {OPTION_NAMES}"),
]


@pytest.mark.parametrize("options, message", BAD, ids=[repr(o) for o, _ in BAD])
def test_bad_option_is_named_with_what_is_allowed(options, message):
    with pytest.raises(BadOption) as e:
        IceTowersVariant.make(**options)
    assert str(e.value) == message


@pytest.mark.parametrize("options, message", BAD, ids=[repr(o) for o, _ in BAD])
def test_games_refuse_the_same_options(options, message):
    with pytest.raises(BadOption) as e:
        icewidgets.make_game("icetowers", **options)
    assert str(e.value) == message


def test_the_constructor_validates_too():
    with pytest.raises(BadOption, match="'trios' cannot be 0"):
        IceTowersVariant(trios=0)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("trios", [1, 10])
def test_every_allowed_value_at_the_bounds(players, trios):
    v = IceTowersVariant.make(players=players, trios=trios)
    assert (v.players, v.trios) == (players, trios)


def test_bad_option_is_an_icewidgets_value_error():
    with pytest.raises(icewidgets.IcewidgetsError):
        IceTowersVariant.make(players=9)
    with pytest.raises(ValueError):
        IceTowersVariant.make(players=9)


# -- the canonical string ---------------------------------------------------------------------


def test_canonical_string_of_the_default():
    assert str(IceTowersVariant()) == DEFAULT_TEXT


def test_canonical_string_of_a_non_default_variant():
    assert str(OTHER) == OTHER_TEXT
    assert str(IceTowersVariant(players=2, gus=False)) == (
        "icetowers(players=2, trios=5, gus=false, cap_other_colour_only=false, strict_mining=false, "
        "passed_players_wait=false)"
    )


def test_game_repr_shows_the_canonical_string():
    assert repr(IceTowers(OTHER)) == f"<IceTowers {OTHER_TEXT}>"


ALL_VARIANTS = [
    IceTowersVariant(players=p, trios=t, gus=g, cap_other_colour_only=c, strict_mining=s,
                     passed_players_wait=w)
    for p, t, g, c, s, w in itertools.product(
        (2, 3, 6), (1, 5, 10), (None, True, False), (False, True), (False, True), (False, True))
]


@pytest.mark.parametrize("v", ALL_VARIANTS, ids=str)
def test_parse_reads_the_canonical_string_back(v):
    assert IceTowersVariant.parse(str(v)) == v


@pytest.mark.parametrize(
    "text, expected",
    [
        ("icetowers()", IceTowersVariant()),
        ("icetowers(players=4)", IceTowersVariant(players=4)),
        ("  icetowers ( players = 4 ,  gus = true )  ", IceTowersVariant(players=4, gus=True)),
        ("icetowers(gus=null)", IceTowersVariant()),
        ("icetowers(strict_mining=true, players=2)", IceTowersVariant(players=2, strict_mining=True)),
    ],
)
def test_parse_fills_in_defaults_and_ignores_spaces(text, expected):
    assert IceTowersVariant.parse(text) == expected


PARSE_ERRORS = [
    ("chess(players=3)",
     "not a variant of icetowers: 'chess(players=3)' (expected icetowers(name=value, ...))"),
    ("icetowers", "not a variant of icetowers: 'icetowers' (expected icetowers(name=value, ...))"),
    ("icetowers(players=3", "not a variant of icetowers: 'icetowers(players=3' "
                            "(expected icetowers(name=value, ...))"),
    ("icetowers(players)", "cannot read icetowers options at 'players'"),
    ("icetowers(players=3, =4)", "cannot read icetowers options at ' =4'"),
    ("icetowers(players=9)", "icetowers option 'players' cannot be 9: from 2 to 6"),
    ("icetowers(players=three)",
     "icetowers option 'players' must be int, not str 'three' (from 2 to 6)"),
    ("icetowers(players=3.0)",
     "icetowers option 'players' must be int, not float 3.0 (from 2 to 6)"),
    ("icetowers(players=true)",
     "icetowers option 'players' must be int, not bool True (from 2 to 6)"),
    ("icetowers(gus=maybe)",
     "icetowers option 'gus' must be bool, not str 'maybe' (one of auto, true, false)"),
    ("icetowers(strict_mining=1)",
     "icetowers option 'strict_mining' must be bool, not int 1 (a bool)"),
    ("icetowers(colours=2)", f"icetowers has no option 'colours'; its options are: {OPTION_NAMES}"),
]


@pytest.mark.parametrize("text, message", PARSE_ERRORS, ids=[t for t, _ in PARSE_ERRORS])
def test_parse_errors_name_the_problem(text, message):
    with pytest.raises(BadOption) as e:
        IceTowersVariant.parse(text)
    assert str(e.value) == message


def test_parse_refuses_a_repeated_option():
    with pytest.raises(BadOption, match="players"):
        IceTowersVariant.parse("icetowers(players=3, players=4)")


# -- JSON -------------------------------------------------------------------------------------


def test_to_json_of_the_default():
    assert IceTowersVariant().to_json() == {
        "players": 3, "trios": 5, "gus": None, "cap_other_colour_only": False,
        "strict_mining": False, "passed_players_wait": False,
    }
    assert list(IceTowersVariant().to_json()) == OPTION_NAMES.split(", ")


@pytest.mark.parametrize("v", ALL_VARIANTS, ids=str)
def test_json_round_trip_through_text(v):
    assert IceTowersVariant.from_json(json.loads(json.dumps(v.to_json()))) == v


def test_from_json_fills_in_defaults():
    assert IceTowersVariant.from_json({}) == IceTowersVariant()
    assert IceTowersVariant.from_json({"trios": 2}) == IceTowersVariant(trios=2)


@pytest.mark.parametrize(
    "data, message",
    [
        ([3, 5], "a variant of icetowers must be a JSON object of options"),
        ("icetowers()", "a variant of icetowers must be a JSON object of options"),
        (None, "a variant of icetowers must be a JSON object of options"),
        ({"players": 9}, "icetowers option 'players' cannot be 9: from 2 to 6"),
        ({"gus": "auto"},
         "icetowers option 'gus' must be bool, not str 'auto' (one of auto, true, false)"),
        ({"seed": 1}, f"icetowers has no option 'seed'; its options are: {OPTION_NAMES}"),
    ],
)
def test_from_json_errors(data, message):
    with pytest.raises(BadOption) as e:
        IceTowersVariant.from_json(data)
    assert str(e.value) == message


# -- schema -----------------------------------------------------------------------------------


def test_schema_lists_every_option_in_order_with_current_values():
    assert OTHER.schema() == [
        {"name": "players", "type": "int", "default": 3, "value": 4, "choices": None,
         "low": 2, "high": 6, "help": "number of players, one colour each"},
        {"name": "trios", "type": "int", "default": 5, "value": 2, "choices": None,
         "low": 1, "high": 10, "help": "trios (a small, a medium and a large) per colour"},
        {"name": "gus", "type": "bool|null", "default": None, "value": True,
         "choices": [None, True, False], "low": None, "high": None,
         "help": "Gus the ghost: an ownerless colour on the table (auto: with two players)"},
        {"name": "cap_other_colour_only", "type": "bool", "default": False, "value": True,
         "choices": None, "low": None, "high": None,
         "help": "publisher's rule: a cap must differ in colour from the top it covers"},
        {"name": "strict_mining", "type": "bool", "default": False, "value": True,
         "choices": None, "low": None, "high": None,
         "help": "early official rule: a mined piece goes to the table only if it cannot cap"},
        {"name": "passed_players_wait", "type": "bool", "default": False, "value": True,
         "choices": None, "low": None, "high": None,
         "help": "a player who has passed may not act again until another player acts"},
    ]


def test_schema_is_json():
    schema = IceTowersVariant().schema()
    assert json.loads(json.dumps(schema)) == schema
    assert [s["value"] for s in schema] == [s["default"] for s in schema]


# -- replace ----------------------------------------------------------------------------------


def test_replace_changes_only_the_named_options():
    v = IceTowersVariant(players=4, strict_mining=True)
    w = v.replace(trios=2)
    assert w == IceTowersVariant(players=4, trios=2, strict_mining=True)
    assert v == IceTowersVariant(players=4, strict_mining=True)  # unchanged


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"players": 9}, "icetowers option 'players' cannot be 9: from 2 to 6"),
        ({"players": True}, "icetowers option 'players' must be int, not bool True (from 2 to 6)"),
        ({"strict_mining": 1},
         "icetowers option 'strict_mining' must be bool, not int 1 (a bool)"),
        ({"colours": 2}, f"icetowers has no option 'colours'; its options are: {OPTION_NAMES}"),
    ],
)
def test_replace_validates(changes, message):
    v = IceTowersVariant(players=4)
    with pytest.raises(BadOption) as e:
        v.replace(**changes)
    assert str(e.value) == message
    assert v == IceTowersVariant(players=4)


def test_game_with_a_variant_and_options_replaces_them():
    assert IceTowers(OTHER, players=5).variant == dataclasses.replace(OTHER, players=5)
    with pytest.raises(BadOption, match="'players' cannot be 9"):
        IceTowers(OTHER, players=9)


# -- the option kinds IceTowers does not use: text with choices, numbers, optional text ----------


@dataclass(frozen=True)
class Demo(Variant):
    game: ClassVar[str] = "demo"

    board: str = option("square", "board shape", choices=("square", "hex"))
    komi: float = option(0.5, "points for the second player", low=0, high=10)
    label: str | None = option(None, "a name for the variant")


def test_text_and_number_options_in_the_canonical_string():
    assert str(Demo()) == 'demo(board="square", komi=0.5, label=auto)'
    assert str(Demo(board="hex", komi=2, label='a, "b" (c)')) == (
        'demo(board="hex", komi=2, label="a, \\"b\\" (c)")')
    assert [o["type"] for o in Demo().schema()] == ["str", "float", "str|null"]


@pytest.mark.parametrize(
    "v", [Demo(), Demo(board="hex", komi=7.25), Demo(label='a, "b" (c)=d'), Demo(label="auto"),
          Demo(label="Größe")],
    ids=str,
)
def test_text_options_round_trip(v):
    assert Demo.parse(str(v)) == v
    assert Demo.from_json(json.loads(json.dumps(v.to_json()))) == v


def test_a_text_option_that_is_no_json_string_is_a_bad_option():
    with pytest.raises(BadOption) as e:
        Demo.parse('demo(label="a\\x")')
    assert str(e.value) == "demo option 'label': '\"a\\\\x\"' is not a JSON string (Invalid \\escape)"
    assert e.value.option == "label"


@pytest.mark.parametrize(
    "options, message",
    [
        ({"board": "round"}, "demo option 'board' cannot be 'round': one of \"square\", \"hex\""),
        ({"board": 1}, "demo option 'board' must be str, not int 1 (one of \"square\", \"hex\")"),
        ({"komi": 11}, "demo option 'komi' cannot be 11: from 0 to 10"),
        ({"komi": -0.5}, "demo option 'komi' cannot be -0.5: from 0 to 10"),
        ({"komi": True}, "demo option 'komi' must be float, not bool True (from 0 to 10)"),
        ({"komi": "1"}, "demo option 'komi' must be float, not str '1' (from 0 to 10)"),
        ({"label": 3}, "demo option 'label' must be str, not int 3 (a str)"),
    ],
)
def test_a_bad_choice_or_number_is_named(options, message):
    with pytest.raises(BadOption) as e:
        Demo.make(**options)
    assert str(e.value) == message


def test_an_int_is_a_float_option():
    assert Demo(komi=3).komi == 3
    assert Demo.parse("demo(komi=3)") == Demo(komi=3.0)


def test_a_simulation_guard_stays_out_of_the_players_form():
    from icewidgets import make_game

    for name in ("dectana", "icefortress"):
        variant = make_game(name, max_turns=40).variant
        assert "max_turns" in [o.name for o in variant.options()]  # the Explorer and simulate still set it
        assert "max_turns" not in [o["name"] for o in variant.schema()]
        assert variant.replace(players=2).max_turns == 40  # a new game from the form keeps it
