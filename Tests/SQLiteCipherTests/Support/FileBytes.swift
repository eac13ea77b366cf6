import Foundation

/// Raw file bytes, for tampering and for looking for plaintext on disk.
enum FileBytes {
    static func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Flips one bit of the byte at `offset`.
    static func flipBit(in path: String, at offset: Int, bit: UInt8 = 0x10) throws {
        var bytes = try read(path)
        bytes[offset] ^= bit
        try write(bytes, to: path)
    }

    /// Whether `needle` occurs anywhere in the file (a missing file contains nothing).
    static func contains(_ path: String, _ needle: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.range(of: Data(needle.utf8)) != nil
    }

    /// The files in a folder (names), for "nothing was left behind" checks.
    static func names(in folder: URL) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }
}
