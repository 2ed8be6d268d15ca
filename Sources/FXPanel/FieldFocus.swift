/// A text field's claim on the keyboard, from the moment something asks for it (Ctrl+F,
/// Ctrl+Shift+S, a Save as… that did not save) until the field has it.
///
/// ImGui moves the keyboard to a field a frame after it is asked, and only while the panel is
/// being built; keys pressed in between would otherwise reach the window, where Escape quits and
/// letters are shortcuts. While the claim is pending the panel takes the keys, and a field reads
/// Enter and Escape as its own.
struct FieldFocus {
    /// Ask ImGui for the keyboard as the field is built next.
    private var asks = false
    /// Frames built since asking in which the field did not have the keyboard yet.
    private var waited = 0
    /// Frames built after which a claim the field never got lapses.
    private static let patience = 8

    /// Whether the field asked for the keyboard and does not have it yet.
    var isPending: Bool { asks || waited > 0 }

    /// Asks for the keyboard for the field.
    mutating func request() {
        asks = true
        waited = 0
    }

    /// As the field is built: whether to ask ImGui for the keyboard now. It asks again in each
    /// frame built until the field has it: ImGui drops a request when something else moves its
    /// focus in between (seen under load, where a request made once was lost).
    mutating func take() -> Bool {
        guard isPending else { return false }
        if asks {
            asks = false
            waited = 1
        }
        return true
    }

    /// After the field is built: whether it had the keyboard in that frame.
    mutating func settle(focused: Bool) {
        guard waited > 0 else { return }
        waited = focused || waited >= Self.patience ? 0 : waited + 1
    }
}
