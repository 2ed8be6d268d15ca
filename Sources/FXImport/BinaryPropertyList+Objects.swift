import Foundation

extension BinaryPropertyList {
    /// One object of a binary property list, its references as object numbers (the plist's
    /// own, not followed): reading one never reads another, so no file can make a reader recurse.
    enum Object: Equatable {
        case null
        case bool(Bool)
        case integer(Int)
        case real(Double)
        case date(Double)
        case data([UInt8])
        case string(String)
        /// A keyed archive's reference into its `$objects` array.
        case uid(Int)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// The objects of a binary plist whose structure ``layout(of:allowsUIDs:)`` checked (every
    /// offset inside the object area, every reference to an existing object, no cycle, the
    /// depth bounded), read one at a time without Foundation — which cannot read a keyed
    /// archive's UIDs on Linux, nor a set safely. The reading is fx's own, after Apple's
    /// `CFBinaryPList.c` layout (see the type's comment).
    struct Objects {
        let bytes: [UInt8]
        let layout: Layout

        /// The objects of `data`.
        /// - Throws: ``Failure`` saying why the file is not a sound binary plist.
        init(_ data: Data, allowsUIDs: Bool) throws(Failure) {
            bytes = [UInt8](data)
            switch BinaryPropertyList.layout(of: bytes, allowsUIDs: allowsUIDs) {
            case .success(let layout): self.layout = layout
            case .failure(let failure): throw failure
            }
        }

        /// How many objects the file has.
        var count: Int { layout.offsets.count }
        /// The top object's number.
        var top: Int { layout.top }

        /// Reads `size` bytes at `offset` as a big-endian unsigned integer (the layout check made
        /// every read below fit; a short read gives 0).
        private func unsigned(at offset: Int, size: Int) -> UInt64 {
            guard offset >= 0, size >= 0, offset <= bytes.count - size else { return 0 }
            var value: UInt64 = 0
            for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }

        /// Object `number` (an unknown number reads as null).
        func object(_ number: Int) -> Object {
            guard number >= 0, number < count else { return .null }
            let offset = layout.offsets[number]
            let marker = bytes[offset], kind = marker >> 4, low = Int(marker & 0x0F)
            // The count of a string, data, array or dictionary, and where its body starts.
            func lengthAndBody() -> (Int, Int) {
                if low != 0x0F { return (low, offset + 1) }
                let size = 1 << Int(bytes[offset + 1] & 0x0F)
                return (Int(unsigned(at: offset + 2, size: size)), offset + 2 + size)
            }
            func references(_ count: Int, from body: Int) -> [Int] {
                (0..<count).map { Int(unsigned(at: body + $0 * layout.referenceSize, size: layout.referenceSize)) }
            }
            switch kind {
            case 0x0: return low == 0x8 ? .bool(false) : low == 0x9 ? .bool(true) : .null
            case 0x1:
                // 1, 2 and 4 bytes are unsigned, 8 bytes signed; of 16 the low 8 are kept.
                let size = 1 << low
                let value = unsigned(at: offset + 1 + max(0, size - 8), size: min(size, 8))
                return .integer(size >= 8 ? Int(Int64(bitPattern: value)) : Int(value))
            case 0x2:
                let value = unsigned(at: offset + 1, size: 1 << low)
                return .real(low == 2 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: value))) : Double(bitPattern: value))
            case 0x3: return .date(Double(bitPattern: unsigned(at: offset + 1, size: 8)))
            case 0x4:
                let (length, body) = lengthAndBody()
                return .data(Array(bytes[body..<(body + length)]))
            case 0x5:
                let (length, body) = lengthAndBody()
                return .string(String(decoding: bytes[body..<(body + length)], as: UTF8.self))
            case 0x6:
                let (length, body) = lengthAndBody()
                let units = (0..<length).map { UInt16(unsigned(at: body + 2 * $0, size: 2)) }
                return .string(String(decoding: units, as: UTF16.self))
            case 0x8: return .uid(Int(unsigned(at: offset + 1, size: low + 1)))
            case 0xA:
                let (length, body) = lengthAndBody()
                return .array(references(length, from: body))
            case 0xD:
                let (length, body) = lengthAndBody()
                let all = references(2 * length, from: body)
                return .dictionary(keys: Array(all.prefix(length)), values: Array(all.suffix(length)))
            default: return .null
            }
        }
    }
}
