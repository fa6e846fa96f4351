"""The notebook widgets."""

from .board import Board, new_board

__all__ = ["Board", "new_board"]
