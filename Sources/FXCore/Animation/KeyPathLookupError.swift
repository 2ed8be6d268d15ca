/// Why a `LAYER.KEYPATH` could not be resolved, in words for the user.
public struct KeyPathLookupError: Error, CustomStringConvertible {
    public var description: String
}
