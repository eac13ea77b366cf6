import Foundation
import SQLiteEngine

/// A copy of a database file that is re-made from its source again and again (a shadow session's copy of the real
/// file), with the changed-pages tracker (``ChangedPageTracking``) watching both: re-making the copy and comparing the
/// two then cost what was written to them since they were last the same bytes, not the size of the file.
///
/// ``markIdentical()`` starts the records over whenever the copy is the source's bytes; ``changes()`` says what each
/// was written since, when the tracker can vouch for both:
///
/// - both are still watched and still the same inodes (neither was replaced);
/// - the source is a rollback-journal database (header bytes 18-19 are 1) with no `-wal` or `-journal` content beside
///   it: its committed state is its main file alone, and every commit writes the next file change counter;
/// - every commit to either since then was written through the tracker, as the file change counters show
///   (``ChangedUnits/Counters/accountFor(from:to:)``): a writer the tracker does not see (another process, a
///   connection through a VFS not stacked over it, one opened before the tracker was registered) leaves a counter
///   it did not record, so its file is not vouched for;
/// - the copy was opened for writing through the tracker since (its writers go through it);
/// - neither record was started over by anyone else since (another watcher of the same file: its stamp changed).
///
/// Otherwise the caller's whole-file method runs. Not thread-safe: the caller serialises its use and holds a read
/// transaction on the source (no commit can land) while it re-makes the copy or compares the two.
package struct TrackedCopy: Sendable {
    /// The file copied from.
    package let sourcePath: String
    /// The copy.
    package let copyPath: String
    /// Both files as they were when last the same bytes; `nil` before the first time.
    private var identities: (source: FileIdentity, copy: FileIdentity)?
    /// The file change counter both held then.
    private var counter: UInt32?
    /// The forms of both paths the tracker may know them by (``ChangedPageTracking/forms(_:)``), resolved when last
    /// the same bytes.
    private var forms: (source: [String], copy: [String]) = ([], [])
    /// Both records' stamps when they started over: a record someone else started over since (another watcher of
    /// the same file) has lost what it held, and is not trusted.
    private var stamps: (source: [Int64], copy: [Int64]) = ([], [])

    /// Watches both files (their records start empty); nothing is vouched for before ``markIdentical()``.
    package init(source: String, copy: String) {
        sourcePath = source
        copyPath = copy
    }

    /// Starts both records over and notes both files as they are: call it when the copy is byte for byte the source
    /// (under a read transaction on the source). Watches either file again if something stopped watching it.
    package mutating func markIdentical() {
        let watched = ChangedPageTracking.watch(sourcePath) && ChangedPageTracking.watch(copyPath)
        let forms = (source: ChangedPageTracking.forms(sourcePath), copy: ChangedPageTracking.forms(copyPath))
        guard watched, let source = FileIdentity.of(sourcePath), let copy = FileIdentity.of(copyPath),
              let header = DatabaseHeader.bytes(atPath: sourcePath),
              let sourceRecord = ChangedPageTracking.recorded(forms: forms.source, forget: false),
              let copyRecord = ChangedPageTracking.recorded(forms: forms.copy, forget: false)
        else {
            forget()
            return
        }
        identities = (source, copy)
        counter = DatabaseHeader.changeCounter(header: header)
        self.forms = forms
        stamps = (sourceRecord.stamps, copyRecord.stamps)
    }

    /// Forgets the last time the files were the same: nothing is vouched for until ``markIdentical()``.
    package mutating func forget() {
        identities = nil
        counter = nil
    }

    /// What the source and the copy (in that order) were written since ``markIdentical()``, when the tracker can
    /// vouch for both (see the type's discussion); `nil` otherwise.
    func changes() -> [ChangedUnits]? {
        guard let identities, let counter,
              let sourceNow = FileIdentity.of(sourcePath), let copyNow = FileIdentity.of(copyPath),
              sourceNow.device == identities.source.device, sourceNow.inode == identities.source.inode,
              copyNow.device == identities.copy.device, copyNow.inode == identities.copy.inode,
              let sourceHeader = DatabaseHeader.bytes(atPath: sourcePath),
              Self.holdsWholeDatabase(sourcePath, header: sourceHeader),
              let copyHeader = DatabaseHeader.bytes(atPath: copyPath),
              let source = ChangedPageTracking.recorded(forms: forms.source, forget: false),
              let copy = ChangedPageTracking.recorded(forms: forms.copy, forget: false),
              copy.opens > 0, source.stamps == stamps.source, copy.stamps == stamps.copy,
              source.counters.accountFor(from: counter, to: DatabaseHeader.changeCounter(header: sourceHeader)),
              copy.counters.accountFor(from: counter, to: DatabaseHeader.changeCounter(header: copyHeader))
        else { return nil }
        return [source, copy]
    }

    /// Makes the copy's main file the source's bytes again: with the tracker vouching for both, only the 4 KiB units
    /// either was written since ``markIdentical()`` are copied (``WorkingCopies/rewrite(_:of:from:)``); otherwise every
    /// 64 KiB block of both is compared (``WorkingCopies``'s whole-file method). Debug builds check
    /// a tracked re-make with the whole-file method (``ChangedPageTracking/disagreements``). Starts the records over.
    /// Call it with no connection writing the copy and a read transaction open on the source.
    ///
    /// - Returns: Whether the tracker vouched for both (only the written units were copied).
    @discardableResult
    package mutating func remake() throws -> Bool {
        let tracked: Bool
        do {
            if let changes = changes(), let length = FileIdentity.of(sourcePath)?.size {
                let units = Set(changes.flatMap { $0.unitsToRestore(sourceLength: length) }).sorted()
                try WorkingCopies.rewrite([units], of: [copyPath], from: sourcePath)
                if ChangedPageTracking.checks, try WorkingCopies.rewriteDifferences(of: copyPath, from: sourcePath) > 0 {
                    ChangedPageTracking.disagreements.add(1, ordering: .relaxed)
                }
                ChangedPageTracking.trackedResets.add(1, ordering: .relaxed)
                tracked = true
            } else {
                try WorkingCopies.rewriteDifferences(of: copyPath, from: sourcePath)
                ChangedPageTracking.wholeFileResets.add(1, ordering: .relaxed)
                tracked = false
            }
        } catch {
            // A copy rewritten part of the way: the next re-make compares whole files.
            forget()
            throw error
        }
        markIdentical()
        return tracked
    }

    /// Whether the tracker shows the source and the copy holding the same database now
    /// (``UnchangedTables/sameDatabase(_:_:_:)``: every unit either was written is the same in both, and so are the
    /// file format bytes), reading only those units; `false` when it cannot vouch for both or they differ. Call it
    /// with a read transaction open on the source and no connection writing the copy.
    package func holdSameDatabase() -> Bool {
        guard let changes = changes() else { return false }
        return UnchangedTables.sameDatabase(changes, sourcePath, copyPath)
    }

    /// Stops watching both files.
    package func unwatch() {
        ChangedPageTracking.unwatch(sourcePath)
        ChangedPageTracking.unwatch(copyPath)
    }

    /// Whether the main file at `path`, whose first bytes are `header`, is the whole database: rollback-journal mode
    /// (header bytes 18-19 are 1: every commit writes the next change counter) and no `-wal` or `-journal` content
    /// beside it.
    private static func holdsWholeDatabase(_ path: String, header: [UInt8]) -> Bool {
        header[18] == 1 && header[19] == 1 && !UnchangedTables.mayHoldMoreThanMainFiles(path)
    }
}
