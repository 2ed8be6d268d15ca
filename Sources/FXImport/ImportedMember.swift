import FXCore

/// One key and value of an ``ImportedJSON`` object.
public struct ImportedMember: Equatable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: ImportedJSON

    /// A member for one of the format's keys, named by its descriptor (so renaming a key in the
    /// registry is a compile error here, not a file fx rejects).
    public init(_ key: PropertyDescriptor, _ value: ImportedJSON) {
        self.key = key.name
        self.value = value
    }

    /// A member whose key is not one of the format's keys but a name the file chooses (a
    /// texture's under `textures`), or a key kept as it was read.
    public init(entry name: String, _ value: ImportedJSON) {
        self.key = name
        self.value = value
    }
}
