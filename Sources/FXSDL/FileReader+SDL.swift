import CSDL2
import FXCore

extension FileReader {
    /// Reads the file at `path` through the effect's resources (for files, ``FileReader``: a
    /// directory, a pipe or a file too large is a ``FileReadError``, not a trap or a blocked
    /// read) and lends its bytes to an SDL loader as an `SDL_RWops` over memory, valid only
    /// inside `body`.
    static func withRWops<Result>(_ path: String, resources: any EffectResources, limit: Int = FileReader.maxAssetBytes,
                                  _ body: (UnsafeMutablePointer<SDL_RWops>) throws -> Result) throws -> Result {
        let bytes = try resources.contents(at: path, prefix: nil, limit: limit)
        return try bytes.withUnsafeBytes { buffer in
            guard let operations = SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)) else {
                throw SDLError("reading \(path)")
            }
            defer { SDL_RWclose(operations) }
            return try body(operations)
        }
    }
}
