"""The package's version: what pyproject.toml builds the package as (hatch reads it here), and
what stored self-play runs are keyed by."""

VERSION = "0.1.0"
