// This file makes the effects folder a Swift target, so that the effects in it ship as
// package resources and the `fx` binary finds them from any working directory.
import Foundation

/// The effects shipped with fx.
public enum ShippedEffects {
    /// The folder holding the shipped `NAME.json` files (and their `textures/`), if the
    /// resource bundle is installed beside the binary.
    public static var directory: String? {
        guard let url = Bundle.module.resourceURL else { return nil }
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }
}
