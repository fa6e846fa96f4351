"""A strength ladder: agents play a round robin, and Bradley-Terry ratings say how strong each is.

    icewidgets.ladder("stacktics", {"random": "random", "greedy": "greedy", "mcts": "mcts"},
                      games=40, size=4)

Every pair of agents plays `games` games (rounded up to a multiple of the seatings), the two of
them at every ordered pair of seats in turn, each seating playing the same game seeds; in a game
of more than two seats the other seats are played by the reference agent (the first one named),
so the pair's games differ only by who sits where. A game counts for the pair alone: a win for
the one of the two among the winners when the other is not, half a win each otherwise (a draw, a
capped game, a shared win, or a win by a seat of the reference). Games that failed or timed out
are left out.

In a cooperative game (Ice Fortress) the seats win or lose together, so an agent is rated by how
its team fares: each agent plays every seat of the same game seeds (the same deals), and two
agents meet on each seed, a win for the one whose team won where the other's lost, half each
where both teams won or both lost.

Ratings are Bradley-Terry's: P(i beats j) = p_i / (p_i + p_j), fitted by maximum likelihood with
Hunter's minorization-maximization steps, each pair given `prior` drawn games besides its own (so
an agent that won every game still gets a finite rating; prior=0 for the plain fit). They are on
the Elo scale (400 log10 p), the anchor (the first agent, default) at 0, so 200 more than another
means winning about 76% against it. The 95% intervals come from the Fisher information of the
fit, for each rating's difference from the anchor's. `seconds_per_move` is the agent's mean
thinking time per move over the ladder's games, as measured here (it varies with the machine's
load).
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from ..agents.base import BadAgent
from ..agents.registry import agents_for, make_agent
from ..core.errors import quoted
from ..core.game import AnyGame
from ..core.registry import GAMES
from .intervals import Z95
from .optional import need
from .simulate import make_engine, make_job, run_jobs

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

ELO = 400 / math.log(10)
"""Elo points per unit of log strength."""
COUNTED = ("rules", "ply cap", "stuck")


def default_agents(game: AnyGame | type[AnyGame]) -> dict[str, str]:
    """The ladder's agents where none are given: every registered agent that plays `game`, by
    its name."""
    return {name: name for name in agents_for(game)}


def ladder(game: str | AnyGame | type[AnyGame], agents: Mapping[str, object] | Sequence[object] | None = None,
           games: int = 20, seed: int = 0, executor: Executor | str | None = None,
           store: str | os.PathLike[str] | None = None, progress: bool = True,
           max_plies: int | None = None, move_timeout: float | None = None, prior: float = 1.0,
           **options: object) -> pd.DataFrame:
    """Play a round robin between `agents` ({label: agent}, or a list named by the agents' own
    names; by default every registered agent that plays the game: random, greedy, mcts and the
    game's own, see `register_agent`) and return their ratings, strongest first: agent, rating
    (Elo, the first agent at 0), low and high (its 95% interval), games, wins, draws, losses,
    score (the share of the points) and seconds_per_move. `games` is
    per pair of agents (in a cooperative game, per agent: see `team_ladder`); `executor` and
    `store` are simulate's (a store keeps every seating's games, so a ladder run again, or with
    one agent more, plays only what is new). The games are in the frame's `attrs["games"]`."""
    engine = make_engine(game, options)
    if agents is None:
        agents = default_agents(engine)
    labels, specs = read_agents(agents, engine)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {quoted(games)}")
    if engine.cooperative:
        return team_ladder(engine, labels, specs, games, seed, executor, store, progress, max_plies,
                           move_timeout, prior)
    seatings = list(itertools.permutations(range(engine.seats), 2))
    per_seating = math.ceil(games / len(seatings))
    jobs, columns = [], []
    for i, j in itertools.combinations(range(len(labels)), 2):
        for seat_a, seat_b in seatings:
            seated = [specs[0]] * engine.seats
            seated[seat_a], seated[seat_b] = specs[i], specs[j]
            jobs.append(make_job(engine, seated, seed, max_plies, {}, move_timeout))
            columns.append({"a": labels[i], "b": labels[j], "seat_a": seat_a, "seat_b": seat_b})
    played = run_jobs(jobs, per_seating, executor=executor, chunk=None, progress=progress,
                      columns=columns, desc=f"{engine.title} ladder", store=store, timing=True)
    found = ratings(played, agents=labels, prior=prior)
    found.attrs["games"] = played
    return found


def team_ladder(engine: AnyGame, labels: list[str], specs: list[object], games: int, seed: int,
                executor: Executor | str | None, store: str | os.PathLike[str] | None, progress: bool,
                max_plies: int | None, move_timeout: float | None, prior: float) -> pd.DataFrame:
    """The ladder of a cooperative game, whose seats win or lose together: each agent plays every
    seat of the same `games` game seeds (the same deals), and on each seed two agents meet as
    their teams fared: a win for the one whose team won where the other's lost, half each where
    both won or both lost. The frame adds each agent's `team_win_rate`."""
    pd = need("pandas")
    jobs = [make_job(engine, [spec] * engine.seats, seed, max_plies, {}, move_timeout) for spec in specs]
    played = run_jobs(jobs, games, executor=executor, chunk=None, progress=progress,
                      columns=[{"agent": label} for label in labels], desc=f"{engine.title} ladder",
                      store=store, timing=True)
    counted = played[played["ended_by"].isin(COUNTED)]
    by_agent = {label: counted[counted["agent"] == label].set_index("game") for label in labels}
    pairs = []
    for a, b in itertools.combinations(labels, 2):
        mine, theirs = by_agent[a], by_agent[b]
        for index in mine.index.intersection(theirs.index):
            won_a, won_b = bool(mine.at[index, "winners"]), bool(theirs.at[index, "winners"])
            pairs.append({"a": a, "b": b, "seat_a": 0, "seat_b": 1, "game": index,
                          "winners": (0,) * (won_a and not won_b) + (1,) * (won_b and not won_a),
                          "ended_by": "rules",
                          "think_seconds": (sum(mine.at[index, "think_seconds"]), sum(theirs.at[index, "think_seconds"])),
                          "seat_plies": (sum(mine.at[index, "seat_plies"]), sum(theirs.at[index, "seat_plies"]))})
    found = ratings(pd.DataFrame(pairs, columns=["a", "b", "seat_a", "seat_b", "game", "winners", "ended_by",
                                                 "think_seconds", "seat_plies"]),
                    agents=labels, prior=prior)
    rates = {label: frame["winners"].map(bool).mean() if len(frame) else math.nan for label, frame in by_agent.items()}
    found["team_win_rate"] = found["agent"].map(rates)
    found.attrs["games"] = played
    return found


def read_agents(agents: Mapping[str, object] | Sequence[object], game: AnyGame | None = None) -> tuple[list[str], list[object]]:
    """The agents' labels and specs, each made once here so a bad one is named now (`game`'s own
    agents among the names)."""
    if isinstance(agents, Mapping):
        labels, specs = [str(k) for k in agents], list(agents.values())
    elif isinstance(agents, Sequence) and not isinstance(agents, str):
        specs = list(agents)
        labels = [make_agent(s, game=game).name for s in specs]
    else:
        raise BadAgent("a ladder's agents are a dict {label: agent} or a list of agents", "agents")
    if len(specs) < 2:
        raise BadAgent("a ladder needs at least two agents", "agents")
    if len(set(labels)) < len(labels):
        twice = next(x for x in labels if labels.count(x) > 1)
        raise BadAgent(f"two agents are called {quoted(twice)}: name them in a dict "
                       f"{{label: agent}}", "agents")
    for spec in specs:
        make_agent(spec, game=game)
    return labels, specs


def ratings(games: pd.DataFrame, agents: Sequence[str] | None = None, anchor: str | None = None,
            prior: float = 1.0) -> pd.DataFrame:
    """Bradley-Terry ratings of a ladder's games: a frame with one row a game and columns a, b
    (the pair's labels), seat_a, seat_b, winners and ended_by (think_seconds and seat_plies
    for the time per move, where present). `agents` orders them (default: as they first
    appear), `anchor` is rated 0 (default: the first agent)."""
    pd = need("pandas")
    np = need("numpy")
    for column in ("a", "b", "seat_a", "seat_b", "winners"):
        if column not in games.columns:
            raise ValueError(f"ratings need a ladder's games; this frame has no {quoted(column)} column")
    if isinstance(prior, bool) or not isinstance(prior, (int, float)) or not 0 <= prior < math.inf:
        raise ValueError(f"prior is a number of drawn games of at least 0, not {quoted(prior)}")
    names = list(agents) if agents is not None else list(dict.fromkeys([*games["a"], *games["b"]]))
    where = {name: k for k, name in enumerate(names)}
    anchor = names[0] if anchor is None else anchor
    if anchor not in where:
        raise ValueError(f"the anchor {quoted(anchor)} is not one of the agents ({', '.join(names)})")
    n = len(names)
    points = np.zeros((n, n))  # points[i, j]: i's points against j
    met = np.zeros((n, n))
    record = np.zeros((n, 3))  # wins, draws, losses
    seconds, moves = np.zeros(n), np.zeros(n)
    ended = games["ended_by"] if "ended_by" in games.columns else ["rules"] * len(games)
    timed = "think_seconds" in games.columns and "seat_plies" in games.columns
    for k, (a, b, sa, sb, winners, how) in enumerate(zip(games["a"], games["b"], games["seat_a"],
                                                        games["seat_b"], games["winners"], ended, strict=True)):
        if how not in COUNTED:
            continue
        i, j = where[a], where[b]
        score = 0.5 + 0.5 * ((sa in winners) - (sb in winners))
        points[i, j] += score
        points[j, i] += 1 - score
        met[i, j] += 1
        met[j, i] += 1
        outcome = 0 if score == 1 else 2 if score == 0 else 1
        record[i, outcome] += 1
        record[j, 2 - outcome] += 1
        if timed:
            row_seconds, row_moves = games["think_seconds"].iloc[k], games["seat_plies"].iloc[k]
            for who, seat in ((i, sa), (j, sb)):
                seconds[who] += row_seconds[seat]
                moves[who] += row_moves[seat]
    theta, spread = fit(np, points + prior / 2 * (met > 0), met + prior * (met > 0), where[anchor])
    rows = []
    for k, name in enumerate(names):
        played = int(record[k].sum())
        rows.append({"agent": name, "rating": ELO * theta[k], "low": ELO * (theta[k] - Z95 * spread[k]),
                     "high": ELO * (theta[k] + Z95 * spread[k]), "games": played,
                     "wins": int(record[k, 0]), "draws": int(record[k, 1]), "losses": int(record[k, 2]),
                     "score": (record[k, 0] + record[k, 1] / 2) / played if played else math.nan,
                     "seconds_per_move": seconds[k] / moves[k] if moves[k] else math.nan})
    frame = pd.DataFrame(rows).sort_values("rating", ascending=False, kind="stable")
    frame.attrs["anchor"] = anchor
    return frame.reset_index(drop=True)


def fit(np: Any, points: Any, met: Any, anchor: int) -> tuple[Any, Any]:
    """Log strengths (the anchor's 0) by MM steps, and their standard errors from the Fisher
    information; an agent that met nobody connected to the anchor gets nan."""
    n = len(points)
    linked = connected(met, anchor)
    theta, spread = np.full(n, math.nan), np.full(n, math.nan)
    idx = [k for k in range(n) if linked[k]]
    w, m = points[np.ix_(idx, idx)], met[np.ix_(idx, idx)]
    wins = w.sum(axis=1)
    strength = np.ones(len(idx))
    for _ in range(10_000):
        pair = m / (strength[:, None] + strength[None, :])
        new = wins / pair.sum(axis=1)
        new = np.where(wins > 0, new, 1e-300)
        new /= math.exp(np.log(new).mean())
        done = np.max(np.abs(np.log(new) - np.log(strength))) < 1e-12
        strength = new
        if done:
            break
    logs = np.log(strength)
    at = idx.index(anchor)
    logs -= logs[at]
    p = strength[:, None] / (strength[:, None] + strength[None, :])
    weights = m * p * p.T
    information = np.diag(weights.sum(axis=1)) - weights
    keep = [k for k in range(len(idx)) if k != at]
    errors = np.zeros(len(idx))
    if keep:
        try:
            covariance = np.linalg.inv(information[np.ix_(keep, keep)])
            errors[keep] = np.sqrt(np.clip(np.diag(covariance), 0, None))
        except np.linalg.LinAlgError:
            errors[keep] = math.inf
    theta[idx], spread[idx] = logs, errors
    return theta, spread


def connected(met: Any, start: int) -> list[bool]:
    """Which agents are linked to `start` by games played."""
    seen = [False] * len(met)
    seen[start] = True
    todo = [start]
    while todo:
        k = todo.pop()
        for other in range(len(met)):
            if met[k][other] > 0 and not seen[other]:
                seen[other] = True
                todo.append(other)
    return seen


def plot_ladder(ratings: pd.DataFrame, ax: Axes | None = None) -> Figure:
    """Each agent's rating with its 95% interval, strongest at the top, its time per move
    beside it."""
    from .plots import _axes

    fig, ax = _axes(ax, width=6.5)
    shown = ratings.iloc[::-1]
    ys = list(range(len(shown)))
    values = shown["rating"].to_numpy(dtype=float)
    lows = [max(0.0, v - lo) if math.isfinite(lo) else 0.0 for v, lo in zip(values, shown["low"], strict=True)]
    highs = [max(0.0, hi - v) if math.isfinite(hi) else 0.0 for v, hi in zip(values, shown["high"], strict=True)]
    ax.errorbar(values, ys, xerr=[lows, highs], fmt="o", capsize=4, color="#1f77b4")
    labels = []
    for _, row in shown.iterrows():
        per_move = row.get("seconds_per_move", math.nan)
        timing = f"\n{per_move * 1000:.3g} ms/move" if isinstance(per_move, float) and math.isfinite(per_move) else ""
        labels.append(f"{row['agent']}{timing}")
    ax.set_yticks(ys, labels, fontsize="small")
    anchor = ratings.attrs.get("anchor")
    ax.axvline(0, color="grey", linestyle="dashed", linewidth=1)
    ax.set_xlabel(f"rating (Elo scale, {anchor} = 0; 95% interval)" if anchor else "rating (Elo scale)")
    title = "strength ladder"
    games = ratings.attrs.get("games")
    if games is not None and len(games):
        name = str(games["variant"].iloc[0]).partition("(")[0]
        title = f"{getattr(GAMES.get(name), 'title', name)}: {title}"
    ax.set_title(title)
    return fig
