import Foundation

/// The effects shipped with fx.
public enum ShippedEffects {
    /// The folder holding the shipped `NAME.json` files (and their `textures/`), if the
    /// resource bundle is installed beside the binary.
    public static var directory: String? {
        guard let url = Bundle.module.resourceURL?.appendingPathComponent("effects") else { return nil }
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }
}
