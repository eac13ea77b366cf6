import CChangedPages
import Foundation
import Synchronization

/// The differential's changed-pages tracker: a pass-through SQLite VFS that records which 4 KiB units of the
/// harness's working copies each scenario wrote.
///
/// A ``DifferentialHarness`` resets its working copies to the source before every scenario and compares them after
/// it. With the tracker it rewrites only the units a scenario wrote, and skips comparing the tables none of whose
/// pages either side wrote: the harness's own cost follows what the operations changed, not the size of the file.
///
/// The harness makes the tracker the process's default VFS, so connections opened without a VFS name (plain files) are
/// tracked with nothing to configure; it never takes the place of a VFS the process made the default after it. A codec
/// installed as the default afterwards (``KeyPragmas``) stacks over the tracker, so its files are still tracked; a codec
/// installed before finds itself under the tracker, which forwards file controls to it. A connection opened
/// through a named VFS is not, unless that VFS is stacked over ``vfsName``: an app whose encrypted files go through a
/// codec VFS registers its codec over this name for its differential's sessions (MMEX's sessions take it as their key's
/// codec base). Whenever the tracker cannot vouch for a copy (it is no longer the default VFS, no connection opened the
/// copy for writing through it, a file was replaced, the source changed), the harness falls back to comparing whole
/// files, so a scenario always starts from exactly the source's bytes and the comparison stays as strict.
public enum ChangedPageTracking {
    /// The tracker's VFS name, for stacking a codec or another VFS over it (see ``registeredVFSName()``).
    public static var vfsName: String { String(cString: dp_changes_vfs_name()) }

    /// Registers the tracker (the first time; it becomes the default VFS, passing every call through) and returns
    /// its name, ready to stack a codec over; `nil` when SQLite refuses the registration.
    public static func registeredVFSName() -> String? {
        activate()
        return dp_changes_register() == 0 ? vfsName : nil
    }

    /// The tracker's unit: writes are recorded by the 4 KiB units they cover.
    static let unitSize = Int(DP_CHANGES_UNIT)

    /// Registers the tracker (the first time) and makes it the default VFS again if the VFS it passes through to was
    /// put back on top since. `false` when it cannot register, or when another VFS became the process's default after
    /// it and files opened through that one do not reach the tracker: that VFS stays the default, and the harness
    /// compares whole files. (A codec installed as the default afterwards stacks over the tracker: `true`.)
    @discardableResult
    package static func activate() -> Bool { dp_changes_make_default() == 0 }

    /// How many resets used the tracker, and how many compared whole files, in this process.
    package static let trackedResets = Atomic<Int>(0)
    package static let wholeFileResets = Atomic<Int>(0)

    /// Whether connections opened without a VFS name are tracked now: the tracker is the default VFS, or the default
    /// VFS passes through it (a codec stacked over it).
    static var tracksDefaultOpens: Bool { dp_changes_tracks_default() != 0 }

    /// The forms of `path` SQLite may hand the VFS (as given, and with symbolic links resolved).
    package static func forms(_ path: String) -> [String] {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return resolved == path ? [path] : [path, resolved]
    }

    /// Starts tracking the main database file at `path`, forgetting anything recorded for it.
    package static func watch(_ path: String) -> Bool {
        forms(path).allSatisfy { dp_changes_watch($0) == 0 }
    }

    /// How many write transactions connections opened through the tracker have begun on the watched file at `path`
    /// (taken SQLite's RESERVED lock, or its WAL's write lock), whether or not they changed a page: an `UPDATE` that
    /// matched a row and left it as it was counts, a read does not. Only grows; `nil` when `path` is not watched.
    static func writeTransactions(_ path: String) -> Int64? {
        let counts = forms(path).map { dp_changes_write_begins($0) }.filter { $0 >= 0 }
        return counts.isEmpty ? nil : counts.reduce(0, +)
    }

    /// Stops tracking `path`.
    package static func unwatch(_ path: String) {
        for form in forms(path) { dp_changes_unwatch(form) }
    }

    /// What was recorded for `path` since it was watched or last read with `forget`; `nil` when it is not watched.
    static func recorded(_ path: String, forget: Bool) -> ChangedUnits? {
        recorded(forms: forms(path), forget: forget)
    }

    /// What was recorded for the file whose path has the `forms` given (``forms(_:)``, resolved once by a caller that
    /// reads the record often); `nil` when it is not watched.
    static func recorded(forms: [String], forget: Bool) -> ChangedUnits? {
        var merged = ChangedUnits(units: [], opens: 0, truncatedTo: nil)
        var headers: [ChangedUnits.Counters] = []
        var stamps: [Int64] = []
        for form in forms {
            var capacity: Int64 = 256
            while true {
                var units = [UInt32](repeating: 0, count: Int(capacity))
                var opens: Int64 = 0
                var truncatedTo: Int64 = -1
                var counters: [Int64] = [0, 0, 0, 0]
                let count = units.withUnsafeMutableBufferPointer { buffer in
                    counters.withUnsafeMutableBufferPointer { counters in
                        dp_changes_drain(
                            form, buffer.baseAddress, capacity, &opens, &truncatedTo, counters.baseAddress, forget ? 1 : 0
                        )
                    }
                }
                if count < 0 { return nil }
                if count > capacity {
                    capacity = count
                    continue
                }
                merged.units += units.prefix(Int(count))
                merged.opens += Int(opens)
                if truncatedTo >= 0 { merged.truncatedTo = min(merged.truncatedTo ?? truncatedTo, truncatedTo) }
                stamps.append(counters[3])
                switch counters[0] {
                case 0: break
                case 1: headers.append(.run(first: UInt32(truncatingIfNeeded: counters[1]), last: UInt32(truncatingIfNeeded: counters[2])))
                default: headers.append(.broken)
                }
                break
            }
        }
        merged.units = Array(Set(merged.units)).sorted()
        // Two forms of the path both written: their runs cannot be put in one order.
        merged.counters = headers.count > 1 ? .broken : headers.first ?? .none
        merged.stamps = stamps
        return merged
    }

    /// Debug builds check every tracked reset and every tracked unchanged-table finding against the whole-file
    /// method; each disagreement is counted here (a test asserts it stays 0).
    package static let disagreements = Atomic<Int>(0)

    /// Whether resets and findings are checked against the whole-file method (debug builds).
    package static var checks: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }
}

/// The 4 KiB units of one file a scenario wrote, as the tracker recorded them.
struct ChangedUnits: Sendable, Equatable {
    /// The units to copy back from a source `length` bytes long: the written ones, and every one from a truncation
    /// to the source's end.
    func unitsToRestore(sourceLength length: Int64) -> [UInt32] {
        guard let truncatedTo, truncatedTo < length else { return units }
        let size = Int64(ChangedPageTracking.unitSize)
        let lost = (truncatedTo / size)...((length - 1) / size)
        return Array(Set(units).union(lost.map { UInt32($0) })).sorted()
    }

    /// Unit numbers, ascending (unit `n` is bytes `n * 4096 ..< (n + 1) * 4096`).
    var units: [UInt32]
    /// How many times the file was opened for reading and writing through the tracker.
    var opens: Int
    /// The smallest size the file was truncated to (`nil`: never). Every byte from there on counts as changed: a
    /// truncation (a checkpoint trims the file to its page count) may have dropped it.
    var truncatedTo: Int64?
    /// The file change counters (header bytes 24-27) written through the tracker.
    var counters: Counters = .none
    /// Each path form's record stamp: it changes whenever the record starts over, whoever watched or drained it
    /// (not compared: two reads of one record are equal whenever they recorded the same).
    var stamps: [Int64] = []

    static func == (left: ChangedUnits, right: ChangedUnits) -> Bool {
        left.units == right.units && left.opens == right.opens && left.truncatedTo == right.truncatedTo
            && left.counters == right.counters
    }

    /// The file change counters written to a file's header, in the order written.
    enum Counters: Sendable, Equatable {
        /// No header was written.
        case none
        /// Each counter written was the one before or one more, from `first` to `last`.
        case run(first: UInt32, last: UInt32)
        /// A counter went back or skipped some (a rollback, a codec's ciphertext, a commit not seen).
        case broken

        /// Whether every commit from a header whose counter was `start` to one whose counter is `now` was written
        /// through the tracker, as far as the counters show: each rollback-mode commit writes the next counter, so
        /// a commit the tracker did not see leaves a gap, or a header past the last counter seen.
        func accountFor(from start: UInt32, to now: UInt32) -> Bool {
            switch self {
            case .none: now == start
            case .run(let first, let last): (first == start || first == start &+ 1) && last == now
            case .broken: false
            }
        }
    }

    /// Whether any byte of `start ..< end` lies in a written unit, or at or past a truncation.
    func touches(_ start: Int64, _ end: Int64) -> Bool {
        if let truncatedTo, end > truncatedTo { return true }
        guard end > start, let first = units.first, let last = units.last else { return false }
        let size = Int64(ChangedPageTracking.unitSize)
        let low = start / size
        let high = (end - 1) / size
        if high < Int64(first) || low > Int64(last) { return false }
        // The first unit >= low, by binary search.
        var lower = 0
        var upper = units.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if Int64(units[middle]) < low { lower = middle + 1 } else { upper = middle }
        }
        return lower < units.count && Int64(units[lower]) <= high
    }
}

/// What identifies a file's content for the tracker's purposes: the same inode, length and modification time.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64

    static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return FileIdentity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedSeconds: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec)
        )
    }
}
