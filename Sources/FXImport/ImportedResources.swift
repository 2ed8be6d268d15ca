import FXCore
import Foundation

/// The files an import writes beside its effect (``ImportResult/files``), served from memory to
/// FXCore's decoder, so that the effect is checked as fx will load it before anything is
/// written: a texture too large, or not an image, is an import error, not a file fx then
/// refuses. A path the import does not write is a missing file.
struct ImportedResources: EffectResources {
    let files: [String: [UInt8]]

    /// Resources holding `files`; a TIFF the writer converts to PNG stands as a PNG header of
    /// its size (the decoder reads no more than the header).
    init(_ files: [ImportedFile]) {
        var table: [String: [UInt8]] = [:]
        for file in files {
            table[file.relativePath] = file.convertsToPNG ? Self.pngHeader(ofTIFF: [UInt8](file.contents)) : [UInt8](file.contents)
        }
        self.files = table
    }

    func location(ofFile path: String, relativeTo directory: String) -> String { path }

    /// A font family of the effect format (a text layer's `font`, or its default) stands for
    /// itself: the import checks the effect, and fx finds the installed file when it loads it.
    func installedFont(family: String, fileName: String) -> Result<String, FontCatalog.Failure> {
        .success(fileName)
    }

    func contents(at location: String, prefix: Int?, limit: Int) throws(FileReadError) -> [UInt8] {
        guard let bytes = files[location] else { throw FileReadError(path: location, reason: .missing) }
        guard bytes.count <= limit else { throw FileReadError(path: location, reason: .tooLarge(size: bytes.count, limit: limit)) }
        return prefix.map { Array(bytes.prefix($0)) } ?? bytes
    }

    /// The 24 bytes that start a PNG of the TIFF's width and height (ImageWidth and ImageLength
    /// of its first directory; 1 × 1 when unreadable, as the writer then fails on its own).
    static func pngHeader(ofTIFF bytes: [UInt8]) -> [UInt8] {
        var width = 1, height = 1
        if bytes.count >= 8, (bytes[0] == 0x49 && bytes[1] == 0x49) || (bytes[0] == 0x4D && bytes[1] == 0x4D) {
            let little = bytes[0] == 0x49
            func read(_ offset: Int, _ count: Int) -> Int? {
                guard offset >= 0, offset + count <= bytes.count else { return nil }
                let slice = bytes[offset..<(offset + count)]
                return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
            }
            if let directory = read(4, 4), let entries = read(directory, 2) {
                for index in 0..<min(entries, 4096) {
                    let entry = directory + 2 + 12 * index
                    guard let tag = read(entry, 2), let type = read(entry + 2, 2) else { break }
                    guard tag == 256 || tag == 257, let value = type == 3 ? read(entry + 8, 2) : read(entry + 8, 4), value > 0 else { continue }
                    if tag == 256 { width = value } else { height = value }
                }
            }
        }
        func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
    }
}
