/// Why ``EffectFileWriter`` did not write a file; the file is as it was.
public struct EffectFileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Reason: Equatable, Sendable {
        /// The file's permissions (`mode`, when known) say it is not to be written, or its user
        /// may not write it.
        case notWritable(mode: Int?)
        /// Another program held the file's lock for about ten seconds.
        case locked
        /// The system refused a step, in its words.
        case system(String)
    }

    /// The path as it was given.
    public var path: String
    /// What is wrong.
    public var reason: Reason

    /// An error for `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: what is wrong; what to do`.
    public var description: String {
        switch reason {
        case .notWritable(let mode):
            let shown = mode.map { " (mode " + String($0, radix: 8) + ")" } ?? ""
            return "\(path): not writable\(shown); nothing was changed: make it writable (chmod u+w \(path)) or edit a copy"
        case .locked:
            return "\(path): another program has been writing it for 10 s (it holds the file's lock); try again when it is done"
        case .system(let why):
            return "\(path): cannot write it: \(why); nothing was changed"
        }
    }
}
