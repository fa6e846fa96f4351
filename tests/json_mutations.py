"""Hostile JSON for the readers' tests: any small JSON value (a hypothesis strategy), and a value
with one leaf or entry replaced by such junk."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


def mutate(value: Any, rng: random.Random, junk: Any) -> Any:
    """The value with one leaf or entry replaced by `junk`."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        return {**value, key: mutate(value[key], rng, junk) if rng.random() < 0.7 else junk}
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        return [*value[:i], mutate(value[i], rng, junk) if rng.random() < 0.7 else junk, *value[i + 1:]]
    return junk
