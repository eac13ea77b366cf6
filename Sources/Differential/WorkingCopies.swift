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

extension WorkingCopies {
    /// Makes both sides byte for byte the source again (the main file, its `-wal` and `-journal`, nothing else
    /// beside them), rewriting only the parts of the main file that differ: the next run starts from exactly the
    /// source's state without copying the whole file.
    func reset(from source: String) throws {
        let manager = FileManager.default
        let name = URL(fileURLWithPath: source).lastPathComponent
        let targets = [baselinePath, candidatePath]
        for target in targets {
            let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
            for entry in try manager.contentsOfDirectory(atPath: folder.path) where entry != name {
                try manager.removeItem(at: folder.appendingPathComponent(entry))
            }
        }
        // One pass over the source for both sides: each block of it is read once, not once per side.
        try WorkingCopies.rewriteDifferences(of: targets, from: source)
        for target in targets {
            try manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
            for suffix in ["-wal", "-journal"] where manager.fileExists(atPath: source + suffix) {
                try manager.copyItem(atPath: source + suffix, toPath: target + suffix)
                try manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target + suffix)
            }
        }
    }

    /// Writes into `target` every 64 KiB block of `source` that differs, and gives it `source`'s length.
    static func rewriteDifferences(of target: String, from source: String) throws {
        try rewriteDifferences(of: [target], from: source)
    }

    /// Writes into each of `targets` every 64 KiB block of `source` that differs from it, and gives each `source`'s
    /// length, reading each block of `source` once for all of them.
    static func rewriteDifferences(of targets: [String], from source: String) throws {
        let input = open(source, O_RDONLY)
        guard input >= 0 else { throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: source]) }
        defer { close(input) }
        var outputs: [Int32] = []
        defer { for output in outputs { close(output) } }
        for target in targets {
            let output = open(target, O_RDWR)
            guard output >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: target]) }
            outputs.append(output)
        }
        let block = 64 * 1024
        var wanted = [UInt8](repeating: 0, count: block)
        var present = [UInt8](repeating: 0, count: block)
        var offset: off_t = 0
        while true {
            let count = wanted.withUnsafeMutableBytes { pread(input, $0.baseAddress, block, offset) }
            guard count >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: source]) }
            if count == 0 { break }
            for (output, target) in zip(outputs, targets) {
                let found = present.withUnsafeMutableBytes { pread(output, $0.baseAddress, count, offset) }
                let same = found == count && wanted.withUnsafeBytes { a in
                    present.withUnsafeBytes { b in
                        guard let x = a.baseAddress, let y = b.baseAddress else { return false }
                        return memcmp(x, y, count) == 0
                    }
                }
                if !same {
                    let written = wanted.withUnsafeBytes { pwrite(output, $0.baseAddress, count, offset) }
                    guard written == count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target]) }
                }
            }
            offset += off_t(count)
        }
        // Truncated only where the length differs (Linux's ftruncate marks the file modified even when it does not).
        for (output, target) in zip(outputs, targets) where lseek(output, 0, SEEK_END) != offset {
            guard ftruncate(output, offset) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
            }
        }
    }
}

/// The working copies a harness keeps between its runs, reset to the source instead of copied anew; removed when
/// the harness (every copy of it) is gone.
final class WorkingCopyPool: @unchecked Sendable {
    // @unchecked Sendable: `lock` guards `idle`; nothing else is stored.
    private let lock = NSLock()
    private var idle: [String: [WorkingCopies]] = [:]

    /// Copies of `source` under `parent`: idle ones reset to the source, or new ones.
    func take(source: String, under parent: URL) throws -> WorkingCopies {
        let key = parent.path + "\u{0}" + source
        if let copies = lock.withLock({ idle[key]?.popLast() }) {
            do {
                try copies.reset(from: source)
                return copies
            } catch {
                copies.remove()
            }
        }
        return try WorkingCopies(source: source, under: parent)
    }

    /// Keeps `copies` for the next run on the same source.
    func giveBack(_ copies: WorkingCopies, source: String, under parent: URL) {
        lock.withLock { idle[parent.path + "\u{0}" + source, default: []].append(copies) }
    }

    /// Removes every idle copy.
    func removeAll() {
        let all = lock.withLock { () -> [WorkingCopies] in
            defer { idle = [:] }
            return idle.values.flatMap { $0 }
        }
        for copies in all { copies.remove() }
    }

    deinit {
        for list in idle.values { for copies in list { copies.remove() } }
    }
}
