import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension WindowPlayer {
    /// Gives the process a private `XDG_RUNTIME_DIR` when it has none (unset, empty or not an
    /// absolute path), before SDL looks for a display, and returns the folder made for it.
    ///
    /// SDL tries Wayland first, and libwayland prints `error: XDG_RUNTIME_DIR is invalid or not
    /// set in the environment.` on stderr when that variable is missing, before fx can say
    /// anything. An empty private folder (mode 0700, as the XDG spec asks) holds no Wayland
    /// socket, so the Wayland attempt fails silently, and fx's own line is the only one. A
    /// Wayland display named by an absolute `WAYLAND_DISPLAY` is still reached.
    /// - Returns: the folder to remove once the window is closed, or nil when the environment
    ///   already had a valid one (nothing was changed).
    static func provideRuntimeDirectory() -> String? {
        if let current = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], current.hasPrefix("/") { return nil }
        var template = Array(((NSTemporaryDirectory() as NSString).appendingPathComponent("fx-runtime-XXXXXX")).utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        let folder = String(cString: made)
        setenv("XDG_RUNTIME_DIR", folder, 1)
        return folder
    }

    /// Removes the folder ``provideRuntimeDirectory()`` made (it is left empty), and the
    /// variable that named it.
    static func removeRuntimeDirectory(_ folder: String?) {
        guard let folder else { return }
        unsetenv("XDG_RUNTIME_DIR")
        rmdir(folder)
    }
}
