"""How hard the property tests search: hypothesis profiles, chosen by ICEWIDGETS_HYPOTHESIS.

- `ci` (the default, and the whole test command's): every property at the number of examples its
  test names, the strength the run is timed at;
- `dev` (the quick tier's): a tenth of them, at least three;
- `thorough`: ten times as many, for a long search now and then.

A test names its examples with `examples(n)`, which scales `n` by the profile; a test that names
none gets the profile's own number (100 at `ci`).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

SCALES = {"ci": 1.0, "dev": 0.1, "thorough": 10.0}
CHOSEN = os.environ.get("ICEWIDGETS_HYPOTHESIS", "ci")
if CHOSEN not in SCALES:
    raise SystemExit(f"ICEWIDGETS_HYPOTHESIS is one of {', '.join(SCALES)}, not {CHOSEN!r}")
SCALE = SCALES[CHOSEN]
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]
"""What every property here may be: slow to draw (a random game a example) and large."""

for _name, _scale in SCALES.items():
    settings.register_profile(_name, max_examples=max(3, round(100 * _scale)), deadline=None,
                              suppress_health_check=SLOW)
settings.load_profile(CHOSEN)


def examples(n: int, *health: HealthCheck) -> settings:
    """Settings for a property that searches `n` examples at the `ci` strength; `health`: checks
    it may fail besides SLOW (a function-scoped fixture it means to share between examples)."""
    return settings(max_examples=max(3, round(n * SCALE)), deadline=None, suppress_health_check=[*SLOW, *health])
