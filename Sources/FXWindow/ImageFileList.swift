import FXCore
import Foundation

/// The image files beside an effect file — in its folder and in a `textures` folder there — as
/// the paths relative to it that `textures` writes: what the panel's `contents` control offers
/// to name. Listed again at most once a second (the panel asks as it builds its rows), and at
/// most ``limit`` of them, so that a folder of thousands costs nothing per frame.
final class ImageFileList {
    /// The most files listed.
    static let limit = 200
    private var directory = ""
    private var listed: [String] = []
    private var listedAt = -Double.infinity

    /// The image files beside an effect in `directory`, sorted (those in the folder first).
    func files(in directory: String) -> [String] {
        let now = ProcessInfo.processInfo.systemUptime
        if directory != self.directory || now - listedAt >= 1 {
            self.directory = directory
            listedAt = now
            listed = Self.list(directory)
        }
        return listed
    }

    private static func list(_ directory: String) -> [String] {
        var found: [String] = []
        for (folder, prefix) in [(directory, ""), ((directory as NSString).appendingPathComponent("textures"), "textures/")] {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where found.count < limit {
                guard EffectDocument.imageFileExtensions.contains((name as NSString).pathExtension.lowercased()), !name.hasPrefix(".") else { continue }
                found.append(prefix + name)
            }
        }
        return found
    }
}
