import FXCore

/// A frame whose vector content (backgrounds, borders, shapes, gradients, drawn as images at
/// the output's resolution) would need more memory than `DrawList.maxImageBytes`: the first
/// layer that did not fit, instead of the process running out of memory.
public struct ImageMemoryError: Error, CustomStringConvertible {
    /// The layer whose content did not fit (its name, unique in the effect).
    public var layer: String
    /// The bytes the frame's images would have taken with it.
    public var bytes: Int

    /// The message: the layer, the bytes needed, the limit, and what to change.
    public var description: String {
        let megabytes = { (bytes: Int) in (bytes + (1 << 20) - 1) >> 20 }
        return "layer \"\(layer)\"'s background, border, shape or gradient would bring this frame's vector content to "
            + "\(megabytes(bytes)) MB of images, more than fx's limit of \(megabytes(DrawList.maxImageBytes)) MB; "
            + "make the layers that fill large parts of the canvas fewer or smaller, or render smaller"
    }
}
