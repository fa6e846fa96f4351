"""Playtests: each game a designer plays recorded with its notes and the players' feedback
(`recording.py`: the session clock, the autosave, the checks of notes and feedback), shown on the
board (`board_view.py`), and read back a folder at a time as the journal's tables (`journal.py`,
`icewidgets.journal`). The notes themselves are the record's (`core/annotations.py`)."""
