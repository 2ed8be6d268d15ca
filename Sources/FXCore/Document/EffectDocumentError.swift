/// Why an ``EffectDocument`` refused a change; the text is unchanged.
public struct EffectDocumentError: Error, CustomStringConvertible, Equatable {
    /// What was wrong, in words for the user.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
