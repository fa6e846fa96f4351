"""95% intervals of rates, means and their differences, with the standard library alone.

- a rate: Wilson's score interval (`wilson`), which stays inside [0, 1] and behaves at 0 and n;
- a mean: Student's t interval (`mean_interval`);
- the difference of two rates: Newcombe's hybrid score interval (`newcombe`, his method 10),
  built from the two Wilson intervals;
- the difference of two means: Welch's t interval (`welch`), which does not assume equal spreads.

The t quantile (`t_quantile`) comes from the Cornish-Fisher expansion in 1/df, within 0.01% from
6 degrees of freedom; below that (where Welch's degrees of freedom may fall) the t distribution is
integrated numerically and inverted, so no statistics library is needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
LEVEL = 0.95


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (nan, nan) with no trials."""
    if trials == 0:
        return math.nan, math.nan
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    # exact at the ends, where rounding would leave the interval a hair short of 0 or 1
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def wilson_half_width(successes: int, trials: int) -> float:
    """Half the width of the Wilson interval (what a precision target is compared with)."""
    low, high = wilson(successes, trials)
    return (high - low) / 2


def newcombe(a: int, m: int, b: int, n: int) -> tuple[float, float, float]:
    """The difference of two proportions a/m - b/n with Newcombe's hybrid score 95% interval:
    (difference, low, high); nans where either side has no trials."""
    if m == 0 or n == 0:
        return math.nan, math.nan, math.nan
    p1, p2 = a / m, b / n
    l1, u1 = wilson(a, m)
    l2, u2 = wilson(b, n)
    d = p1 - p2
    return d, d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2)


def t_quantile(p: float, df: float) -> float:
    """The `p` quantile of Student's t with `df` degrees of freedom (df >= 1)."""
    if not 0 < p < 1:
        raise ValueError(f"a quantile's probability is between 0 and 1, not {p!r}")
    if df < 1 or math.isnan(df):
        raise ValueError(f"t needs at least one degree of freedom, not {df!r}")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    if df < 6:
        return _t_quantile_by_angle(p, df)
    z = NormalDist().inv_cdf(p)
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of the values with its 95% t interval: (mean, low, high); the interval is nan
    with fewer than two values (the nans among them left out)."""
    xs = [float(v) for v in values if not math.isnan(float(v))]
    n = len(xs)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = math.fsum(xs) / n
    if n < 2:
        return mean, math.nan, math.nan
    var = math.fsum((x - mean) ** 2 for x in xs) / (n - 1)
    half = t_quantile((1 + LEVEL) / 2, n - 1) * math.sqrt(var / n)
    return mean, mean - half, mean + half


def mean_half_width(count: int, total: float, squares: float) -> float:
    """Half the width of the 95% t interval of a mean, from a running count, sum and sum of
    squares (inf with fewer than two values)."""
    if count < 2:
        return math.inf
    var = max(0.0, (squares - total * total / count) / (count - 1))
    return t_quantile((1 + LEVEL) / 2, count - 1) * math.sqrt(var / count)


def welch(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """The difference of two means, mean(a) - mean(b), with Welch's 95% t interval:
    (difference, low, high); the interval is nan unless each side has two values."""
    xs = [float(v) for v in a if not math.isnan(float(v))]
    ys = [float(v) for v in b if not math.isnan(float(v))]
    if not xs or not ys:
        return math.nan, math.nan, math.nan
    mx, my = math.fsum(xs) / len(xs), math.fsum(ys) / len(ys)
    d = mx - my
    if len(xs) < 2 or len(ys) < 2:
        return d, math.nan, math.nan
    vx = math.fsum((x - mx) ** 2 for x in xs) / (len(xs) - 1) / len(xs)
    vy = math.fsum((y - my) ** 2 for y in ys) / (len(ys) - 1) / len(ys)
    se2 = vx + vy
    if se2 == 0:
        return d, d, d
    df = se2 * se2 / (vx * vx / (len(xs) - 1) + vy * vy / (len(ys) - 1))
    half = t_quantile((1 + LEVEL) / 2, max(1.0, df)) * math.sqrt(se2)
    return d, d - half, d + half


def _t_quantile_by_angle(p: float, df: float) -> float:
    """The t quantile for few degrees of freedom: with x = sqrt(df) tan(a) the t density becomes
    c cos(a)**(df - 1) on [0, pi/2), smooth and bounded, integrated by Simpson's rule and
    inverted by bisection on the angle."""
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(math.pi)

    def mass(angle: float, steps: int = 200) -> float:  # P(0 < T < sqrt(df) tan(angle))
        h = angle / steps
        total = 1.0 + math.cos(angle) ** (df - 1)
        for i in range(1, steps):
            total += (4 if i % 2 else 2) * math.cos(i * h) ** (df - 1)
        return c * total * h / 3

    low, high = 0.0, math.pi / 2
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if mass(mid) < p - 0.5 else (low, mid)
    return math.sqrt(df) * math.tan((low + high) / 2)
