import CSDL2

/// An SDL call that failed, with SDL's own explanation (`SDL_GetError()`).
public struct SDLError: Error, CustomStringConvertible {
    /// What fx was doing: "creating the window".
    public var operation: String
    /// SDL's message.
    public var reason: String

    package init(_ operation: String) {
        self.operation = operation
        reason = String(cString: SDL_GetError())
    }

    package init(_ operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    public var description: String { "\(operation) failed: \(reason)" }
}
