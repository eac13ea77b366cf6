import Foundation

/// A private folder with one copy of the source file per side, so neither implementation can touch the source or
/// see the other's writes.
struct WorkingCopies {
    let root: URL
    let baselinePath: String
    let candidatePath: String

    /// Copies the main file and any `-wal` and `-journal` sidecar (their committed or hot content is part of the
    /// database; `-shm` is rebuilt by SQLite and is not copied) into `parent/<unique>/{baseline,candidate}/`.
    init(source: String, under parent: URL) throws {
        let manager = FileManager.default
        root = parent.appendingPathComponent("diff-\(UUID().uuidString)")
        let name = URL(fileURLWithPath: source).lastPathComponent
        var paths: [String] = []
        for side in ["baseline", "candidate"] {
            let folder = root.appendingPathComponent(side)
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            let target = folder.appendingPathComponent(name).path
            for suffix in ["", "-wal", "-journal"] where suffix.isEmpty || manager.fileExists(atPath: source + suffix) {
                try manager.copyItem(atPath: source + suffix, toPath: target + suffix)
                try manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target + suffix)
            }
            paths.append(target)
        }
        baselinePath = paths[0]
        candidatePath = paths[1]
    }

    /// The names of the files in a side's folder (the database and whatever it left beside it), sorted.
    static func files(beside path: String) -> [String] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
