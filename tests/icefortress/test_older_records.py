"""Records saved before the shipped card set's second edition, the drawn first turn and the end of
lost causes replay as they were played: an option a record leaves out takes the value games had
before it existed (docs/rules/icefortress.md, after R38)."""

import itertools
import json
from pathlib import Path

import pytest

from icewidgets import CHANCE, RecordError, make_game
from icewidgets.core.record import Record, load_record
from icewidgets.core.record import loads_record as loads

RECORDS = Path(__file__).parent / "records"


@pytest.mark.parametrize("name", ["edition-1-bot.json", "edition-1-random.txt"])
def test_a_record_from_before_the_options_replays_to_its_end(name):
    record = load_record(RECORDS / name)
    variant = record.game.variant
    assert (variant.edition, variant.first_turn, variant.lost_causes) == (1, "first", "play on")
    last = record.mainline()[-1].state
    assert record.game.outcome(last).reason == "the shield is broken"


def test_play_went_on_where_today_s_rules_end_the_game_and_the_status_says_why():
    record = load_record(RECORDS / "edition-1-bot.json")
    game = record.game
    statuses = [game.status(node.state) for node in record.mainline()]
    hopeless = [s for s in statuses if "can no longer be won" in s]
    # edition 1's team could bring no jumbo room from its deck: lost from the deal on (R36)
    assert hopeless and "no power the team holds or may gain brings one from its deck" in hopeless[0]
    ended_at = statuses.index(hopeless[0])
    assert ended_at < len(statuses) - 1  # moves were played after it, as the rulebook plays on


def test_the_same_moves_under_today_s_options_are_refused():
    data = json.loads((RECORDS / "edition-1-bot.json").read_text(encoding="utf-8"))
    data["variant"] = {**data["variant"], "edition": 2, "first_turn": "first", "lost_causes": "play on"}
    with pytest.raises(RecordError, match="node 2"):
        loads(json.dumps(data))
    data["variant"] = {**data["variant"], "edition": 1, "lost_causes": "end"}
    with pytest.raises(RecordError, match="after the end of the game"):
        loads(json.dumps(data))


def test_a_record_written_now_names_every_option_and_replays_as_played():
    game = make_game("icefortress", players=2)
    assert (game.variant.edition, game.variant.first_turn, game.variant.lost_causes) == (7, "random", "end")
    record = Record(game, seed=4)
    node = record.root
    for _ in range(30):
        if game.is_over(node.state):
            break
        if game.to_act(node.state) == (CHANCE,):
            node = record.roll(node)
        else:
            node = record.add(node, next(iter(game.legal_moves(node.state))))
    saved = json.loads(record.dumps())
    assert {"edition", "first_turn", "lost_causes"} <= set(saved["variant"])
    assert loads(record.dumps()).mainline()[-1].state == node.state


def test_a_record_of_the_second_edition_replays_under_its_cards():
    """Edition 2's Warden boosts the shield for a 5; the third edition's asks a 6 and a shard."""
    record = load_record(RECORDS / "edition-2-bot.json")
    game = record.game
    warden = next(card for card in game.cards.classes if card.id == "warden")
    assert game.variant.edition == 2 and not warden.powers[0].cost.shards
    line = record.mainline()
    texts = [game.move_text(before.state, after.move) for before, after in itertools.pairwise(line)]
    assert "use warden with 5" in texts
    data = json.loads((RECORDS / "edition-2-bot.json").read_text(encoding="utf-8"))
    data["variant"] = {**data["variant"], "edition": 3}
    with pytest.raises(RecordError, match=f"node {texts.index('use warden with 5') + 1}"):
        loads(json.dumps(data))


def test_a_record_of_the_third_edition_replays_under_its_cards():
    """Edition 3's Thoughtful searches the jumbo deck; the fourth edition's searches the large one."""
    record = load_record(RECORDS / "edition-3-bot.json")
    game = record.game
    thoughtful = next(card for card in game.cards.abilities if card.id == "thoughtful")
    assert game.variant.edition == 3 and thoughtful.powers[0].effects[0].kwargs()["size"] == "jumbo"
    line = record.mainline()
    texts = [game.move_text(before.state, after.move) for before, after in itertools.pairwise(line)]
    searched = texts.index("use thoughtful with 2") + 1
    assert texts[searched] == "choose jumbo-air-1" and texts[searched + 1] == "build jumbo-air-1 on F2"
    data = json.loads((RECORDS / "edition-3-bot.json").read_text(encoding="utf-8"))
    data["variant"] = {**data["variant"], "edition": 4}
    with pytest.raises(RecordError, match=f"node {line[searched + 1].id}: move 'choose jumbo-air-1'"):
        loads(json.dumps(data))


def test_a_record_of_the_fourth_edition_replays_under_its_cards():
    """Edition 4's Eve draws a large room and looks at no deck; the fifth edition's Eve may also
    look at the top rooms of a deck for two shards."""
    record = load_record(RECORDS / "edition-4-bot.json")
    game = record.game
    eve = next(card for card in game.cards.names if card.id == "eve")
    assert game.variant.edition == 4 and [p.id for p in eve.powers] == ["eve"]
    assert [p.id for p in make_game("icefortress").cards.names[1].powers] == ["eve", "eve-look"]
    line = record.mainline()
    texts = [game.move_text(before.state, after.move) for before, after in itertools.pairwise(line)]
    assert "use eve" in texts and len(texts) > 300
    assert loads(record.dumps()).mainline()[-1].state == line[-1].state


def test_a_record_of_the_fifth_edition_replays_under_its_cards():
    """Edition 5's Autumn looks at any deck for free, the jumbo deck among them; the sixth
    edition's free look is at the small rooms' deck, with no deck to choose."""
    record = load_record(RECORDS / "edition-5-bot.json")
    game = record.game
    assert game.variant.edition == 5 and game.cards.powers["autumn"].effects[0].kwargs()["size"] == "any"
    line = record.mainline()
    texts = [game.move_text(before.state, after.move) for before, after in itertools.pairwise(line)]
    looked = texts.index("use autumn") + 1
    assert texts[looked] == "choose jumbo deck"
    assert loads(record.dumps()).mainline()[-1].state == line[-1].state
    data = json.loads((RECORDS / "edition-5-bot.json").read_text(encoding="utf-8"))
    data["variant"] = {**data["variant"], "edition": 6}
    with pytest.raises(RecordError, match=f"node {line[looked + 1].id}: move 'choose jumbo deck'"):
        loads(json.dumps(data))


def test_a_record_of_the_sixth_edition_replays_under_its_cards():
    """Edition 6's Rose repels an invader for free and its ability cards show one die more: under
    the seventh edition's cards the first player rolls two dice fewer, and the record's sixth
    roll is refused."""
    record = load_record(RECORDS / "edition-6-bot.json")
    game = record.game
    assert game.variant.edition == 6 and game.cards.powers["rose"].effects[1].name == "repel"
    assert make_game("icefortress").cards.powers["rose"].effects[1].name == "crystallize"
    line = record.mainline()
    texts = [node.text for node in line]
    assert "use rose" in texts and texts[-1] != texts[0]
    assert loads(record.dumps()).mainline()[-1].state == line[-1].state
    last_roll = texts.index("build jumbo-fire-3 on F1") - 1
    assert texts[last_roll - 6:last_roll + 1] == ["roll 5", "roll 3", "roll 1", "roll 1", "roll 3", "roll 4", "roll 3"]
    data = json.loads((RECORDS / "edition-6-bot.json").read_text(encoding="utf-8"))
    data["variant"] = {**data["variant"], "edition": 7}
    with pytest.raises(RecordError, match=f"node {line[last_roll - 1].id}: move 'roll 4'.*chance may not act now"):
        loads(json.dumps(data))
