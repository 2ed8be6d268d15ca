extension WindowPlayer {
    /// Every key and pointer gesture the window takes, in words: what `?` shows over the
    /// window and `fx play --help` lists, from this one table.
    public static let keyBindings: [(keys: String, action: String)] = [
        ("Esc, q", "quit (asks once when the panel's edits are unsaved)"),
        ("space", "pause or play"),
        ("→", "one step while paused"),
        ("[  ]", "slower, faster (0.1×, 0.25×, 0.5×, 1×, 2×)"),
        ("r", "restart"),
        ("s", "reseed (the new seed is printed)"),
        ("h", "the HUD"),
        ("g", "start or stop recording a GIF"),
        ("Tab", "the property panel, docked right of the canvas"),
        ("Ctrl+S", "save the panel's edits into the effect file (a shipped or read-only one: a copy in the working folder)"),
        ("Ctrl+Shift+S", "save as…: the panel's path field (Enter saves, Esc cancels)"),
        ("Ctrl+F", "filter the panel's properties by key (Esc clears)"),
        ("Ctrl+N", "a new cell in the panel's selected emitter layer (a sub-cell, in a selected cell)"),
        ("Ctrl+D, F2, Delete", "duplicate, rename, remove the panel's selected layer or cell"),
        ("Ctrl+↑  Ctrl+↓", "move the selected layer or cell up, down among its siblings"),
        ("Ctrl+Z, Ctrl+Shift+Z", "undo, redo an edit (Ctrl+Y redoes too)"),
        ("Ctrl+R", "revert the edits: the effect as its file is"),
        ("?", "this list (Esc or ? closes it)"),
        ("drag a handle", "with the panel: the selected emitter's position (ring) or its shape's edges (squares), a layer's position"),
        ("Alt+arrows", "move the selected layer's position handle a point (Shift: ten)"),
        ("drag across the canvas", "scrub time: x across the window is 0…duration"),
        ("drag a driven layer", "its time follows the pointer (timeOffsetFollowsPointer); the rest plays on"),
        ("right-drag or shift-drag", "scrub, in an effect that takes the pointer"),
        ("click", "a burst, in an effect with burstsOnClick"),
        ("drag a panel field", "change the value live; one drag is one edit"),
        ("the panel's transport", "play/pause, restart, one step, speed 0.1×…4× (1× resets), and a scrubber over the duration with the keyframes ticked"),
    ]
}
