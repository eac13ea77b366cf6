import Differential
import Foundation

/// The SHA-256 of a file's bytes (what `sha256sum` prints) and of each of its `-wal` and `-journal` present, read in
/// chunks.
struct SourceFingerprint: Equatable {
    let sha256: String
    let bytes: UInt64
    let sidecars: [String: String]

    init(of path: String) throws {
        (sha256, bytes) = try Self.digest(path)
        var sidecars: [String: String] = [:]
        for suffix in Transcript.sidecarSuffixes where FileManager.default.fileExists(atPath: path + suffix) {
            sidecars[suffix] = try Self.digest(path + suffix).sha256
        }
        self.sidecars = sidecars
    }

    private static func digest(_ path: String) throws -> (sha256: String, bytes: UInt64) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DifferentialError.cannotCopy(path: path, reason: "cannot open it for reading")
        }
        defer { try? handle.close() }
        let digest = SHA256Digest()
        var bytes: UInt64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { digest.update($0) }
            bytes += UInt64(chunk.count)
        }
        return (try digest.finish(), bytes)
    }
}
