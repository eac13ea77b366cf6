import Foundation
import SQLiteEngine
import Synchronization

/// A private folder with one copy of the source file per side, so neither implementation can touch the source or
/// see the other's writes.
struct WorkingCopies {
    /// The private folder holding both sides (``SQLiteEngine/ScratchFolder``).
    let scratch: ScratchFolder
    var root: URL { scratch.url }
    let baselinePath: String
    let candidatePath: String
    /// Each side's main file (same order as ``targets``) as of the last copy or reset: a reset trusts the tracker
    /// only for a file that is still the same inode.
    private(set) var identities: [FileIdentity?] = []
    /// The source as of the last copy or reset: a reset trusts the tracker only when the source is unchanged.
    private(set) var sourceIdentity: FileIdentity?
    /// Whether the changed-pages tracker watches both sides.
    private(set) var tracked = false

    var targets: [String] { [baselinePath, candidatePath] }

    /// Copies the main file and any `-wal` and `-journal` sidecar (their committed or hot content is part of the
    /// database; `-shm` is rebuilt by SQLite and is not copied) into `parent/<unique>/{baseline,candidate}/`; the two
    /// sides `concurrently` (on two threads) or one after the other.
    init(source: String, under parent: URL, concurrently: Bool = false) throws {
        let manager = FileManager.default
        let scratch = try ScratchFolder.make(kind: "copies", in: parent)
        self.scratch = scratch
        let name = URL(fileURLWithPath: source).lastPathComponent
        let paths = (scratch.appending("baseline"), scratch.appending("candidate"))
        do {
            for folder in [paths.0, paths.1] {
                try manager.createDirectory(at: folder, withIntermediateDirectories: false)
            }
            let suffixes = ["", "-wal", "-journal"].filter { $0.isEmpty || manager.fileExists(atPath: source + $0) }
            let copied = ConcurrentSides.run(
                concurrently: concurrently,
                { Result { try WorkingCopies.copy(source, suffixes, into: paths.0, named: name) } },
                { Result { try WorkingCopies.copy(source, suffixes, into: paths.1, named: name) } }
            )
            baselinePath = try copied.0.get()
            candidatePath = try copied.1.get()
        } catch {
            scratch.remove()
            throw error
        }
        tracked = targets.allSatisfy(ChangedPageTracking.watch)
        remember(source: source)
    }

    /// Copies `source` with each of `suffixes` into `folder` under `name`; returns the main file's copy.
    private static func copy(_ source: String, _ suffixes: [String], into folder: URL, named name: String) throws -> String {
        let target = folder.appendingPathComponent(name).path
        for suffix in suffixes { try FileCopy.copy(source + suffix, to: target + suffix) }
        return target
    }

    private mutating func remember(source: String) {
        identities = targets.map(FileIdentity.of)
        sourceIdentity = FileIdentity.of(source)
    }

    /// Each side's count of write transactions begun (``ChangedPageTracking/writeTransactions(_:)``), in the order of
    /// ``targets``; `nil` for a side the tracker does not watch.
    func writeTransactions() -> [Int64?] {
        targets.map { tracked ? ChangedPageTracking.writeTransactions($0) : nil }
    }

    /// What each side wrote since the last copy or reset, when the tracker can vouch for both: it is the default
    /// VFS, each side was opened for writing through it at least once and not replaced, and the source is the same
    /// file it was. `forget` starts the record over.
    func trackedChanges(source: String, forget: Bool) -> [ChangedUnits]? {
        guard tracked, ChangedPageTracking.tracksDefaultOpens, let sourceIdentity, FileIdentity.of(source) == sourceIdentity else {
            if forget { for target in targets { _ = ChangedPageTracking.recorded(target, forget: true) } }
            return nil
        }
        var changes: [ChangedUnits] = []
        var trusted = true
        for (target, identity) in zip(targets, identities) {
            let now = FileIdentity.of(target)
            let recorded = ChangedPageTracking.recorded(target, forget: forget)
            guard let recorded, recorded.opens > 0, let identity, let now,
                  now.device == identity.device, now.inode == identity.inode
            else {
                trusted = false
                continue
            }
            changes.append(recorded)
        }
        return trusted ? changes : nil
    }

    /// The names of the files in a side's folder (the database and whatever it left beside it), sorted.
    static func files(beside path: String) -> [String] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func remove() {
        for target in targets { ChangedPageTracking.unwatch(target) }
        scratch.remove()
    }
}

extension WorkingCopies {
    /// Makes both sides byte for byte the source again (the main file, its `-wal` and `-journal`, nothing else
    /// beside them), rewriting only the parts of the main file that differ: the next run starts from exactly the
    /// source's state without copying the whole file. With the changed-pages tracker vouching for both sides, only
    /// the units they wrote are rewritten (nothing else is read); otherwise every block of all three files is
    /// compared. Debug builds check a tracked reset by comparing every block afterwards.
    mutating func reset(from source: String, tracking: Bool = true) throws {
        let manager = FileManager.default
        let name = URL(fileURLWithPath: source).lastPathComponent
        let targets = [baselinePath, candidatePath]
        for target in targets {
            let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
            for entry in try manager.contentsOfDirectory(atPath: folder.path) where entry != name {
                try manager.removeItem(at: folder.appendingPathComponent(entry))
            }
        }
        if tracking, let changes = trackedChanges(source: source, forget: true) {
            ChangedPageTracking.trackedResets.add(1, ordering: .relaxed)
            let length = FileIdentity.of(source)?.size ?? 0
            try WorkingCopies.rewrite(changes.map { $0.unitsToRestore(sourceLength: length) }, of: targets, from: source)
            if ChangedPageTracking.checks, try WorkingCopies.rewriteDifferences(of: targets, from: source) > 0 {
                ChangedPageTracking.disagreements.add(1, ordering: .relaxed)
            }
        } else {
            ChangedPageTracking.wholeFileResets.add(1, ordering: .relaxed)
            if !tracking { _ = trackedChanges(source: source, forget: true) }
            // One pass over the source for both sides: each block of it is read once, not once per side.
            try WorkingCopies.rewriteDifferences(of: targets, from: source)
        }
        for target in targets {
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
            for suffix in ["-wal", "-journal"] where manager.fileExists(atPath: source + suffix) {
                try FileCopy.copy(source + suffix, to: target + suffix)
            }
        }
        remember(source: source)
    }

    /// Writes into each of `targets` the 4 KiB units of `source` listed for it (ascending unit numbers, as the
    /// changed-pages tracker records them), and gives each `source`'s length. Consecutive units are copied
    /// together, up to 1 MiB at a time.
    static func rewrite(_ units: [[UInt32]], of targets: [String], from source: String) throws {
        let input = open(source, O_RDONLY)
        guard input >= 0 else { throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: source]) }
        defer { close(input) }
        let length = lseek(input, 0, SEEK_END)
        let unit = ChangedPageTracking.unitSize
        let perCopy = (1 << 20) / unit
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: perCopy * unit, alignment: 16)
        defer { buffer.deallocate() }
        for (list, target) in zip(units, targets) {
            let output = open(target, O_RDWR)
            guard output >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: target]) }
            defer { close(output) }
            var index = 0
            while index < list.count {
                let first = Int(list[index])
                var count = 1
                while index + count < list.count, count < perCopy, Int(list[index + count]) == first + count { count += 1 }
                index += count
                let start = off_t(first * unit)
                guard start < length else { continue }
                let bytes = Int(min(off_t(count * unit), length - start))
                guard pread(input, buffer, bytes, start) == bytes else {
                    throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: source])
                }
                guard pwrite(output, buffer, bytes, start) == bytes else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
                }
            }
            if lseek(output, 0, SEEK_END) != length {
                guard ftruncate(output, length) == 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
                }
            }
        }
    }

    /// Writes into `target` every 64 KiB block of `source` that differs, and gives it `source`'s length.
    @discardableResult
    static func rewriteDifferences(of target: String, from source: String) throws -> Int {
        try rewriteDifferences(of: [target], from: source)
    }

    /// Writes into each of `targets` every 64 KiB block of `source` that differs from it, and gives each `source`'s
    /// length, reading each block of `source` once for all of them. Returns how many blocks (and lengths) it had to
    /// change.
    @discardableResult
    static func rewriteDifferences(of targets: [String], from source: String) throws -> Int {
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
        var changed = 0
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
                    changed += 1
                    let written = wanted.withUnsafeBytes { pwrite(output, $0.baseAddress, count, offset) }
                    guard written == count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target]) }
                }
            }
            offset += off_t(count)
        }
        // Truncated only where the length differs (Linux's ftruncate marks the file modified even when it does not).
        for (output, target) in zip(outputs, targets) where lseek(output, 0, SEEK_END) != offset {
            changed += 1
            guard ftruncate(output, offset) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
            }
        }
        return changed
    }
}

/// The working copies a harness keeps between its runs, reset to the source instead of copied anew; removed when
/// the harness (every copy of it) is gone. Several harnesses run one after another on one source may share a pool
/// (``DifferentialHarness/sharingWorkingCopies(_:)``): the source is then copied once for all of them.
package final class WorkingCopyPool: Sendable {
    /// What the pool holds: the idle copies by parent and source, and the b-trees of each source read so far with
    /// the source's identity when read.
    private struct Held {
        var idle: [String: [WorkingCopies]] = [:]
        var sources: [String: (identity: FileIdentity, pages: SourcePages)] = [:]
    }

    /// Guarded by the mutex itself.
    private let held = Mutex(Held())

    package init() {}

    /// The b-trees of `source` (read once, again if the file changed); `nil` when the source has a `-wal` or
    /// `-journal` beside it (the main file alone is not the database then) or cannot be read.
    ///
    /// They are read through `inspect` from a private copy under `parent`, never from the source itself: even a
    /// read-only open of a WAL-mode file leaves `-wal` and `-shm` beside it, and a file the harness reads is never
    /// changed.
    func sourcePages(of source: String, under parent: URL, inspect: (String) throws -> EngineConnection) -> SourcePages? {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: source + "-wal"), !manager.fileExists(atPath: source + "-journal"),
              let identity = FileIdentity.of(source)
        else { return nil }
        if let known = held.withLock({ $0.sources[source] }), known.identity == identity { return known.pages }
        guard let scratch = try? ScratchFolder.make(kind: "source-pages", in: parent) else { return nil }
        defer { scratch.remove() }
        let copy = scratch.appending(URL(fileURLWithPath: source).lastPathComponent).path
        guard (try? FileCopy.copy(source, to: copy)) != nil,
              FileIdentity.of(source) == identity,
              let connection = try? inspect(copy)
        else { return nil }
        defer { connection.close() }
        guard let pages = try? SourcePages.read(connection) else { return nil }
        held.withLock { $0.sources[source] = (identity, pages) }
        return pages
    }

    /// Copies of `source` under `parent`: idle ones reset to the source, or new ones (whose two sides are copied
    /// `concurrently`, on two threads, when asked).
    func take(source: String, under parent: URL, tracking: Bool = true, concurrently: Bool = false) throws -> WorkingCopies {
        // Sessions opened without a VFS name go through the changed-pages tracker (again, if something else made
        // itself the default meanwhile).
        if tracking { ChangedPageTracking.activate() }
        let key = parent.path + "\u{0}" + source
        if var copies = held.withLock({ $0.idle[key]?.popLast() }) {
            do {
                try copies.reset(from: source, tracking: tracking)
                return copies
            } catch {
                copies.remove()
            }
        }
        return try WorkingCopies(source: source, under: parent, concurrently: concurrently)
    }

    /// Keeps `copies` for the next run on the same source.
    func giveBack(_ copies: WorkingCopies, source: String, under parent: URL) {
        held.withLock { $0.idle[parent.path + "\u{0}" + source, default: []].append(copies) }
    }

    /// Removes every idle copy.
    package func removeAll() {
        let all = held.withLock { held -> [WorkingCopies] in
            defer { held.idle = [:] }
            return held.idle.values.flatMap { $0 }
        }
        for copies in all { copies.remove() }
    }

    deinit {
        for list in held.withLock({ $0.idle.values }) { for copies in list { copies.remove() } }
    }
}
