import FXCore

/// A frame whose layers drawn apart (group opacity, `masksToBounds`, masks, transitions) and
/// shadow images would need more memory than `DrawList.maxOffscreenBytes`: the layer that did
/// not fit, instead of the process running out of memory.
public struct OffscreenMemoryError: Error, CustomStringConvertible {
    /// The layer drawn apart that did not fit (its name, unique in the effect).
    public var layer: String
    /// The bytes the frame's layers drawn apart would have needed with it.
    public var bytes: Int
    /// The pixels the layer is drawn apart on (0 for its mask's alpha).
    public var width: Int
    /// The pixels the layer is drawn apart on (0 for its mask's alpha).
    public var height: Int
    /// Why the layer is drawn apart.
    var cause = Self.groupCause
    /// The cause of a masked, clipped or faded layer.
    static let groupCause = "it has a mask, masksToBounds or a group opacity"

    /// The message: the layer, the bytes needed, the limit, and what to change.
    public var description: String {
        let megabytes = { (bytes: Int) in (bytes + (1 << 20) - 1) >> 20 }
        let area = width > 0 && height > 0 ? " on \(width)×\(height) pixels" : ""
        return "layer \"\(layer)\" is drawn apart (\(cause))\(area), and with it this "
            + "frame's layers drawn apart need \(megabytes(bytes)) MB, more than fx's limit of "
            + "\(megabytes(DrawList.maxOffscreenBytes)) MB; make the masked, clipped, faded or shadowed layers and those in "
            + "transitions smaller or fewer, "
            + "nest fewer of them, or render smaller"
    }
}
