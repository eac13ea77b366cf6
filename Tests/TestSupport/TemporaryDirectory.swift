import Foundation

/// A fresh folder under the system temporary directory, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    // @unchecked: both properties are immutable after init; deinit only removes the folder.
    public let url: URL

    public init(_ label: String = "driverport", in parent: URL = FileManager.default.temporaryDirectory) {
        let name = "\(label)-\(UUID().uuidString)"
        url = parent.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A folder in memory (`/dev/shm`) when there is one, for tests that sync thousands of times: `fsync` there
    /// costs nothing, and process-crash and fault tests do not depend on the disk's own durability.
    public static func inMemory(_ label: String = "driverport") -> TemporaryDirectory {
        let shm = URL(fileURLWithPath: "/dev/shm")
        let usable = FileManager.default.isWritableFile(atPath: shm.path)
        return TemporaryDirectory(label, in: usable ? shm : FileManager.default.temporaryDirectory)
    }

    /// A path inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Copies a file (and no sidecars) into the folder and makes it writable.
    @discardableResult
    public func copy(_ source: URL, as name: String? = nil) throws -> String {
        let target = url.appendingPathComponent(name ?? source.lastPathComponent)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: source, to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        return target.path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Every file in a folder with its SHA-like fingerprint (size and bytes), to check nothing changed.
public func folderFingerprint(_ folder: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names {
        result[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) ?? Data()
    }
    return result
}
