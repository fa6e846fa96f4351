// Generated from icewidgets/session/protocol.py by `python tests/write_types.py`: do not edit.

/** Play the move of `seat` with that click path (in the editor: make the edit it names). */
export interface PathMessage {
  do: "path";
  cursor: number;
  path: string[];
  seat: number | string;
}

/** Play a move by its text (the move buttons; in the editor: the edit buttons). */
export interface TextMessage {
  do: "text";
  cursor: number;
  text: string;
}

/** A click on something that is not a target: the error line says why. */
export interface ExplainMessage {
  do: "explain";
  cursor: number;
  path: string[];
  seat: number | string | null;
}

/** A valid click on the page after a refusal: the refusal is past, the error line clears. */
export interface ClearErrorMessage {
  do: "clear_error";
}

/** Show a node of the record. */
export interface GotoMessage {
  do: "goto";
  node: number;
}

/** Show the node before. */
export interface BackMessage {
  do: "back";
}

/** Show the next node of the line. */
export interface ForwardMessage {
  do: "forward";
}

/** Set a node's comment ("" removes it). */
export interface CommentMessage {
  do: "comment";
  node: number;
  text: string;
}

/** Set some of a node's notes ([] or "" clears one); the page sends no other key. */
export interface AnnotateMessage {
  do: "annotate";
  node: number;
  arrows?: [string, string][];
  highlights?: string[];
  mark?: string;
  tags?: string[];
}

/** A player's end-of-game feedback. */
export interface FeedbackMessage {
  do: "feedback";
  seat: number;
  fun?: number | null;
  tension?: number | null;
  clarity?: number | null;
  comment?: string;
}

/** A new game with these options (seed null: a fresh one); the game in hand is kept. */
export interface NewGameMessage {
  do: "new_game";
  options: Record<string, unknown>;
  seed?: number | null;
}

/** Show another game the board holds. */
export interface SwitchGameMessage {
  do: "switch_game";
  index: number;
}

/** Show the board as a seat sees it (null: the designer's view); `follow`: the seat to act. */
export interface ViewerMessage {
  do: "viewer";
  seat: number | null;
  follow?: boolean;
}

/** List only the legal moves whose words hold every word typed ("": all of them). */
export interface FilterMovesMessage {
  do: "filter_moves";
  text: string;
}

/** Open the legal-move list beside the board (its moves sent at each step), or fold it (only how many there are sent). */
export interface ShowMovesMessage {
  do: "show_moves";
  open: boolean;
}

/** The screen has been passed: show the seat to act its view. */
export interface LiftCurtainMessage {
  do: "lift_curtain";
}

/** Seat an agent by name at a seat (null: a person plays it). */
export interface SeatAgentMessage {
  do: "seat_agent";
  agent: string | null;
  seat: number;
}

/** Stop the agent that is thinking; its seat goes back to a person. */
export interface StopMessage {
  do: "stop";
}

/** An agent's preferred moves at the position shown (`seat`: whose; by default the viewer's or the seat to act). */
export interface HintMessage {
  do: "hint";
  cursor: number;
  seat?: number | null;
}

/** Let the seeded generator decide the chance event due. */
export interface RollMessage {
  do: "roll";
  cursor: number;
}

/** Set the chance event by hand (dice faces, or the name of a card drawn); `replace` names the event that led here, as the page showed it, to replace it. */
export interface SetChanceMessage {
  do: "set_chance";
  cursor: number;
  values: (number | string)[];
  replace?: string;
}

/** Open the set-up editor at the position shown (`on` false: close it). */
export interface EditMessage {
  do: "edit";
  on?: boolean;
}

/** Start a new game from the position in the editor. */
export interface EditDoneMessage {
  do: "edit_done";
}

/** Close the editor; the game in hand is as it was. */
export interface EditCancelMessage {
  do: "edit_cancel";
}

/** Every message the page sends. */
export type Message =
  | PathMessage
  | TextMessage
  | ExplainMessage
  | ClearErrorMessage
  | GotoMessage
  | BackMessage
  | ForwardMessage
  | CommentMessage
  | AnnotateMessage
  | FeedbackMessage
  | NewGameMessage
  | SwitchGameMessage
  | ViewerMessage
  | FilterMovesMessage
  | ShowMovesMessage
  | LiftCurtainMessage
  | SeatAgentMessage
  | StopMessage
  | HintMessage
  | RollMessage
  | SetChanceMessage
  | EditMessage
  | EditDoneMessage
  | EditCancelMessage;
