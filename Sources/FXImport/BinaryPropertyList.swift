import Foundation

/// The structure of a binary property list (`bplist00`), checked before Foundation reads it.
///
/// swift-corelibs-foundation trusts a binary plist more than it should: a set object (which no
/// Particle Designer file holds, and which XML plists cannot even express) crashes the process
/// when `PropertyListSerialization` bridges it to Swift (found by `tools/fuzz --target
/// plist-binary`). So fx walks the file's object table first — the trailer, every offset,
/// every reference, the depth — and refuses what an emitter's plist never has, with a reason,
/// before Foundation sees it. The walk is linear in the number of objects and references.
///
/// The layout (Apple's `CFBinaryPList.c`): an 8-byte header; objects, each a marker byte whose
/// high nibble is its kind and low nibble its size or count (`0xF`: the count follows as an
/// integer object); an offset table; a 32-byte trailer with the offset and reference sizes, the
/// number of objects, the top object and where the offset table starts.
enum BinaryPropertyList {
    /// How deep arrays and dictionaries may nest (the code reader's limit too).
    static let maximumDepth = 100

    /// Why Foundation must not read `data`, or nil when its structure is sound and holds only
    /// what a property list of numbers, strings, data, dates, arrays and dictionaries with
    /// string keys holds.
    static func problem(in data: Data) -> String? {
        let bytes = [UInt8](data)
        return Walker(bytes: bytes, allowsUIDs: false).problem()
    }

    /// Where a sound binary plist's objects are: what ``Objects`` reads them from.
    struct Layout {
        /// Each object's offset in the file, by object number.
        let offsets: [Int]
        /// The size in bytes of a reference to an object.
        let referenceSize: Int
        /// Where the offset table starts (the end of the object area).
        let tableStart: Int
        /// The top object's number.
        let top: Int
    }

    /// The layout of `bytes` when its structure is sound, or why not. `allowsUIDs`: keyed-archive
    /// UIDs (an `NSKeyedArchiver` file, such as SpriteKit's `.sks`) are accepted as scalars.
    static func layout(of bytes: [UInt8], allowsUIDs: Bool) -> Result<Layout, Failure> {
        Walker(bytes: bytes, allowsUIDs: allowsUIDs).layout()
    }

    private struct Walker {
        let bytes: [UInt8]
        let allowsUIDs: Bool

        /// Reads `size` bytes at `offset` as a big-endian unsigned integer, or nil past the end.
        func integer(at offset: Int, size: Int) -> Int? {
            guard size >= 1, size <= 8, offset >= 0, offset <= bytes.count - size else { return nil }
            var value: UInt64 = 0
            for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
            return value > UInt64(Int.max) ? nil : Int(value)
        }

        func problem() -> String? {
            if case .failure(let failure) = layout() { return failure.message }
            return nil
        }

        func layout() -> Result<Layout, Failure> {
            func fail(_ message: String) -> Result<Layout, Failure> { .failure(Failure(message: message)) }
            guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
                return fail("a binary property list shorter than its header and trailer")
            }
            let trailer = bytes.count - 32
            guard let offsetSize = integer(at: trailer + 6, size: 1), (1...8).contains(offsetSize),
                  let referenceSize = integer(at: trailer + 7, size: 1), (1...8).contains(referenceSize),
                  let count = integer(at: trailer + 8, size: 8), count >= 1,
                  let top = integer(at: trailer + 16, size: 8), top < count,
                  let tableStart = integer(at: trailer + 24, size: 8), tableStart >= 9,
                  count <= (trailer - tableStart) / offsetSize else {
                return fail("the binary property list's trailer is damaged (its sizes do not fit the file)")
            }
            var offsets = [Int](repeating: 0, count: count)
            for index in 0..<count {
                guard let offset = integer(at: tableStart + index * offsetSize, size: offsetSize),
                      offset >= 8, offset < tableStart else {
                    return fail("object \(index) of the binary property list lies outside its object area")
                }
                offsets[index] = offset
            }
            // Depth-first over the references, each object once (white, on the path, done): a
            // reference back to an object on the path is a cycle; the depth is bounded.
            var state = [UInt8](repeating: 0, count: count)
            var stack: [(object: Int, children: [Int], next: Int)] = []
            func enter(_ object: Int) -> String? {
                switch objectChildren(object, offsets: offsets, referenceSize: referenceSize, tableStart: tableStart) {
                case .failure(let failure): return failure.message
                case .success(let children):
                    state[object] = 1
                    stack.append((object, children, 0))
                    return stack.count > BinaryPropertyList.maximumDepth
                        ? "arrays or dictionaries nested deeper than \(BinaryPropertyList.maximumDepth) levels" : nil
                }
            }
            if let message = enter(top) { return fail(message) }
            while let last = stack.last {
                if last.next == last.children.count {
                    state[last.object] = 2
                    stack.removeLast()
                    continue
                }
                let child = last.children[last.next]
                stack[stack.count - 1].next += 1
                switch state[child] {
                case 1: return fail("object \(child) of the binary property list contains itself")
                case 2: continue
                default: if let message = enter(child) { return fail(message) }
                }
            }
            return .success(Layout(offsets: offsets, referenceSize: referenceSize, tableStart: tableStart, top: top))
        }

        /// The objects an object refers to (none for a scalar), checking that it fits in the
        /// object area, is a kind an emitter's plist may hold, and that a dictionary's keys
        /// are strings.
        func objectChildren(_ object: Int, offsets: [Int], referenceSize: Int, tableStart: Int) -> Result<[Int], Failure> {
            let offset = offsets[object], count = offsets.count
            let marker = bytes[offset], kind = marker >> 4, low = Int(marker & 0x0F)
            func fail(_ message: String) -> Result<[Int], Failure> { .failure(Failure(message: message)) }
            // The count of a string, data, array or dictionary, and where its body starts.
            func lengthAndBody() -> (Int, Int)? {
                if low != 0x0F { return (low, offset + 1) }
                guard offset + 1 < tableStart else { return nil }
                let sizeMarker = bytes[offset + 1]
                guard sizeMarker >> 4 == 0x1, sizeMarker & 0x0F <= 3 else { return nil }
                let size = 1 << Int(sizeMarker & 0x0F)
                guard let length = integer(at: offset + 2, size: size) else { return nil }
                return (length, offset + 2 + size)
            }
            func fits(_ start: Int, _ length: Int) -> Bool { length >= 0 && start <= tableStart && length <= tableStart - start }
            switch kind {
            case 0x0:
                return [0x0, 0x8, 0x9, 0xF].contains(low) ? .success([]) : fail("object \(object) has an unknown marker 0x\(String(marker, radix: 16))")
            case 0x1:
                return low <= 4 && fits(offset + 1, 1 << low) ? .success([]) : fail("integer object \(object) is damaged")
            case 0x2:
                return (low == 2 || low == 3) && fits(offset + 1, 1 << low) ? .success([]) : fail("real number object \(object) is damaged")
            case 0x3:
                return low == 3 && fits(offset + 1, 8) ? .success([]) : fail("date object \(object) is damaged")
            case 0x4, 0x5, 0x6:
                guard let (length, body) = lengthAndBody(), length <= (tableStart - body) / (kind == 0x6 ? 2 : 1) else {
                    return fail("string or data object \(object) runs past the object area")
                }
                return .success([])
            case 0xA, 0xD:
                guard let (length, body) = lengthAndBody(), length <= (tableStart - body) / referenceSize / (kind == 0xD ? 2 : 1) else {
                    return fail("\(kind == 0xA ? "array" : "dictionary") object \(object) runs past the object area")
                }
                var children: [Int] = []
                children.reserveCapacity(kind == 0xD ? length * 2 : length)
                for index in 0..<(kind == 0xD ? length * 2 : length) {
                    guard let reference = integer(at: body + index * referenceSize, size: referenceSize), reference < count else {
                        return fail("\(kind == 0xA ? "array" : "dictionary") object \(object) refers to an object the file does not have")
                    }
                    children.append(reference)
                }
                if kind == 0xD {
                    // Keys come first: each must be a string (ASCII or UTF-16).
                    for key in children.prefix(length) where ![0x5, 0x6].contains(bytes[offsets[key]] >> 4) {
                        return fail("dictionary object \(object) has a key that is not a string")
                    }
                }
                return .success(children)
            case 0x8:
                // A keyed archive's reference into its `$objects` (1 to 4 bytes), followed by
                // the archive's reader (SpriteKitArchive), not here.
                guard allowsUIDs else { return fail("object \(object) is a keyed-archive UID, which an emitter's plist never holds") }
                return low <= 3 && fits(offset + 1, low + 1) ? .success([]) : fail("keyed-archive UID object \(object) is damaged")
            case 0xB, 0xC:
                return fail("object \(object) is a set, which an emitter's plist never holds (and Foundation cannot read safely)")
            default:
                return fail("object \(object) has an unknown marker 0x\(String(marker, radix: 16))")
            }
        }
    }

    /// Why a binary plist cannot be read.
    struct Failure: Error { let message: String }
}
