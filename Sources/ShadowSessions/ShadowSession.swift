import Differential
import Foundation
import PersistenceSession
import SQLiteEngine
import Synchronization

/// A session that serves the app from a control session and runs the same units of work on a candidate session in
/// the shadow, comparing them: Scientist's experiment, made safe for a database that is written.
///
/// The app sees only the control: every result it gets is the control's, every error it gets is the control's error.
/// The candidate runs on a *shadow copy* of the real file, never on the real file:
///
/// - **Reads**: the candidate runs the same unit on the shadow copy, which holds the same committed state the control
///   read (checked with the real file's `PRAGMA data_version` before and after the control's unit; when something
///   committed in between, the unit is not compared). Returned values are compared field by field.
/// - **Writes**: the control writes the real file; the candidate applies the same unit to the shadow copy. Returned
///   values (or errors) are compared, then the resulting state of the copy and of the real file (every table's rows,
///   schema and `user_version`: ``ShadowOptions/stateComparison``).
///
/// ## Why a shadow copy
/// A candidate that wrote the real file would write every change twice; one that read the real file after the
/// control's commit would read another state than the control wrote from. A private copy lets the candidate do
/// exactly what the control did, from the same state, with nothing it does reaching the user's data. The copy is
/// kept in step only while it can be trusted: after a unit that differed, a shadow error, a sampled-out write (the
/// candidate never runs those) or a change made outside the session (another process, detected by `data_version`),
/// it is re-made from the real file before the next compared unit. With sampling, the cost of re-making is paid
/// once per compared unit, not per unit; an unsampled unit costs the candidate nothing. Re-making restores the real
/// file's pages into the copy under the open candidate (SQLite's backup, through a connection of the shadow's own), so
/// a pool keeps its connections and its WAL; the candidate is opened again only the first time, after a unit that
/// differed or a shadow error, after a schema change, or every time when opening it changes the copy (a migration of
/// its own).
///
/// ## What the app can rely on
/// Nothing the candidate, the comparison or the publisher does changes what the app sees or throws into the app
/// (except ``ShadowOptions/raiseOnMismatches``, for tests). A compared unit takes longer (the candidate runs after
/// the control, on the calling thread) and holds the session's other writes back while it runs; an unsampled unit
/// waits for nothing but a compared write in progress. The `async` units run the whole compared unit to its end once
/// started, so cancelling the task never leaves the copy half-written; a task cancelled before the unit starts runs
/// neither side.
///
/// Units of work nested in another unit go straight to the side running the outer one, so each side answers with
/// its own rule (both refuse nesting) and nothing is compared twice. A change committed by another process while a
/// compared write runs can show as a difference of that write (the copy is then re-made); the session's own writes
/// cannot, as they wait for the compared one. A unit's closure runs once per side when
/// compared: exclude units with effects outside their context with ``ShadowOptions/runIf``, and give values drawn
/// from the clock or a random source to both sides through ``ShadowDraws``.
public final class ShadowSession<Control: PersistenceSession, Candidate: PersistenceSession>: PersistenceSession,
    ShadowStatusReporting, @unchecked Sendable
where Candidate.ReadContext == Control.ReadContext, Candidate.WriteContext == Control.WriteContext {
    // @unchecked Sendable: `control` and the options are Sendable; `shadow` (the copy, the candidate, the inspector)
    // is touched only while `shadowLock` is held; the counters and the sampler are mutexes of their own.
    /// The app's read context: the control's, which the candidate's must equal.
    public typealias ReadContext = Control.ReadContext
    /// The app's write context: the control's, which the candidate's must equal.
    public typealias WriteContext = Control.WriteContext

    /// The session the app is served from.
    public let control: Control
    /// The sampling, rules, hooks and publisher the session was made with.
    public let options: ShadowOptions
    /// At most this many differences are kept per published unit.
    public var maximumDifferences: Int { 20 }

    /// Held for every write unit (the drivers serialize writes anyway) and around a compared read's control unit:
    /// while it is held no write of this session can commit, so the shadow can read the real file without making a
    /// control write wait for a lock. Taken before `shadowLock`, never after.
    ///
    /// `NSLock`s, not `Mutex`es: a compared read takes the gate, then `shadowLock`, and lets the gate go while still
    /// holding `shadowLock` (hand over hand), which `Mutex`'s scoped `withLock` cannot express.
    private let writeGate = NSLock()
    /// Guards `shadow`.
    private let shadowLock = NSLock()
    private let shadow: ShadowCopy<Candidate>
    private let counters = Mutex(ShadowStatistics())
    /// An object of this session's own (it lives as long as the session): its identity is the session's key in
    /// ``ShadowRoute/active``, known in `init`, so that the routes to the control can be made once there.
    private let routeKeyOwner: ShadowRouteKey
    private var routeKey: ObjectIdentifier { ObjectIdentifier(routeKeyOwner) }
    /// The routes of a unit run on the control when no other shadow session's unit is running on the task: every unit
    /// that is not compared takes them.
    private let controlRoutes: [ObjectIdentifier: ShadowRoute]
    private let sampler: Mutex<SplitMix64>
    private let closed = Atomic(false)

    /// Wraps `control`, the app's session on `file`.
    ///
    /// - Parameters:
    ///   - control: the session the app is served from, open on `file`.
    ///   - file: the real file's path.
    ///   - shadowFolder: a private folder for the shadow copy (made owner-only when first needed, in a parent folder
    ///     that must exist; removed on ``close()``). By default a new one in memory-backed storage when there is some (``ShadowFolder``): the
    ///     copy is throwaway, and there the candidate's commits cost no disk sync. It holds a copy of the user's data:
    ///     an app whose file needs its container's protection passes a folder there.
    ///   - openCandidate: opens the candidate session on a path (the shadow copy), with the file's key.
    ///   - inspect: opens a read-only connection on a path with the file's key (the real file and the copy).
    ///   - openCopy: opens a read-write connection on the shadow copy with the file's key, through which a remake
    ///     restores the real file's pages under the open candidate (a copy it cannot write is re-made by opening the
    ///     candidate again, as without it).
    ///   - options: sampling, rules, hooks and the publisher.
    public init(
        control: Control, file: String, shadowFolder: URL = ShadowFolder.scratch(),
        openCandidate: @escaping @Sendable (_ path: String) throws -> Candidate,
        inspect: @escaping @Sendable (_ path: String) throws -> EngineConnection = {
            try EngineConnection(path: $0, options: .readOnly)
        },
        openCopy: @escaping @Sendable (_ path: String) throws -> EngineConnection = {
            try EngineConnection(path: $0, options: .readWrite)
        },
        options: ShadowOptions = ShadowOptions()
    ) {
        self.control = control
        self.options = options
        let owner = ShadowRouteKey()
        self.routeKeyOwner = owner
        self.controlRoutes = [ObjectIdentifier(owner): ShadowRoute(session: control, isCandidate: false)]
        self.shadow = ShadowCopy(
            realPath: file, folder: shadowFolder, openCandidate: openCandidate, inspect: inspect, openCopy: openCopy
        )
        self.sampler = Mutex(SplitMix64(seed: options.samplingSeed ?? UInt64.random(in: 0...UInt64.max)))
    }

    /// The control's driver: the one the app is served by.
    public var driver: DriverKind { control.driver }
    /// The control's location: the real file.
    public var location: SessionLocation { control.location }
    /// The control's access.
    public var access: SessionAccess { control.access }
    /// Whether the control is closed (``close()`` has run).
    public var isClosed: Bool { control.isClosed }

    /// What the session did so far.
    public var statistics: ShadowStatistics { counters.withLock { $0 } }

    // MARK: Units of work

    /// Runs a read unit on the control and returns its result; when the unit is compared, runs it on the
    /// candidate too, on a shadow copy holding the same committed state, and publishes any difference.
    ///
    /// A unit is compared when the shadow is enabled, ``ShadowOptions/runIf`` accepts it and the sample draws
    /// it; it is skipped when something committed to the real file while the control read.
    ///
    /// - Returns: The control's result.
    /// - Throws: The control's error; or, with ``ShadowOptions/raiseOnMismatches``, a ``ShadowMismatchError``.
    public func read<T>(_ work: (ReadContext) throws -> T) throws -> T {
        if let route = ShadowRoute.active[routeKey] {
            if route.isCandidate, let candidate = route.session as? Candidate { return try candidate.read(work) }
            return try control.read(work)
        }
        let unit = ShadowUnit(name: ShadowUnit.currentName ?? "read", kind: .read)
        guard decide(unit) else { return try routed(control, false) { try control.read(work) } }

        writeGate.lock()
        shadowLock.lock()
        defer { shadowLock.unlock() }
        let candidate = prepare(unit)
        let (controlOutcome, controlSeconds) = timed { try routed(control, false) { try control.read(work) } }
        // Nothing of this session committed meanwhile (the gate); a change made outside it shows in data_version.
        let stillInStep = candidate != nil && (try? shadow.isInStep()) == true
        writeGate.unlock()
        guard let candidate, stillInStep else {
            // Something outside the session committed: the copy is re-made, the candidate stays as it is.
            if candidate != nil { shadow.untrust() }
            count { $0.skipped += 1 }
            return try controlOutcome.get()
        }
        let (candidateOutcome, candidateSeconds) = timed { try routed(candidate, true) { try candidate.read(work) } }
        let event = compare(unit, controlOutcome, controlSeconds, candidateOutcome, candidateSeconds, state: [])
        if let event, options.raiseOnMismatches { throw ShadowMismatchError(event: event) }
        return try controlOutcome.get()
    }

    /// Runs a write unit on the control, which commits it to the real file, and returns its result; when the
    /// unit is compared, applies it to the shadow copy through the candidate, compares the results and the
    /// resulting state (``ShadowOptions/comparesState``), and publishes any difference.
    ///
    /// Write units run one at a time; a compared one holds the session's other writes back until it is done.
    ///
    /// - Returns: The control's result.
    /// - Throws: The control's error (its unit rolled back); or, with ``ShadowOptions/raiseOnMismatches``, a
    ///   ``ShadowMismatchError`` after the control committed.
    public func write<T>(_ work: (WriteContext) throws -> T) throws -> T {
        if let route = ShadowRoute.active[routeKey] {
            if route.isCandidate, let candidate = route.session as? Candidate { return try candidate.write(work) }
            return try control.write(work)
        }
        let unit = ShadowUnit(name: ShadowUnit.currentName ?? "write", kind: .write)
        writeGate.lock()
        defer { writeGate.unlock() }
        for draws in options.draws { draws.reset() }
        guard decide(unit) else { return try routed(control, false) { try control.write(work) } }

        shadowLock.lock()
        defer { shadowLock.unlock() }
        let candidate = prepare(unit)
        let (controlOutcome, controlSeconds) = timed { try routed(control, false) { try control.write(work) } }
        guard let candidate else {
            count { $0.skipped += 1 }
            return try controlOutcome.get()
        }
        let (candidateOutcome, candidateSeconds) = timed { try routed(candidate, true) { try candidate.write(work) } }
        // The real file's version the comparison sees: the copy is in step with it only if nothing committed from
        // outside the session while comparing.
        let comparedVersion = try? shadow.realDataVersion()
        var state: [Mismatch] = []
        if options.comparesState {
            do {
                state = try shadow.stateDifferences(options.stateComparison)
            } catch {
                shadow.untrust(reopening: true)
                publishError(unit, "comparing the shadow copy with the real file: \(error)")
                return try controlOutcome.get()
            }
        }
        let event = compare(unit, controlOutcome, controlSeconds, candidateOutcome, candidateSeconds, state: state)
        let agreed = event == nil && state.isEmpty && sameOutcome(controlOutcome, candidateOutcome)
        if agreed, let comparedVersion, (try? shadow.realDataVersion()) == comparedVersion {
            shadow.markInStep(version: comparedVersion)
        } else {
            // A unit that differed leaves a candidate that starts afresh; a change from outside only a copy to re-make.
            shadow.untrust(reopening: !agreed)
        }
        if let event, options.raiseOnMismatches { throw ShadowMismatchError(event: event) }
        return try controlOutcome.get()
    }

    /// Runs ``read(_:)`` off the calling task's thread. A task cancelled before the unit starts gets
    /// `CancellationError` and neither side runs; once started, the compared unit runs to its end.
    public func read<T: Sendable>(_ work: @escaping @Sendable (ReadContext) throws -> T) async throws -> T {
        let name = ShadowUnit.currentName
        return try await runUnitDetached { try ShadowUnit.$currentName.withValue(name) { try self.read(work) } }
    }

    /// Runs ``write(_:)`` off the calling task's thread. A task cancelled before the unit starts gets
    /// `CancellationError` and neither side writes; once started, the control commits or rolls back and the candidate
    /// applies the same unit to the copy (or the copy is marked for re-making), whatever happens to the task, so the
    /// copy is never left half a unit behind.
    public func write<T: Sendable>(_ work: @escaping @Sendable (WriteContext) throws -> T) async throws -> T {
        let name = ShadowUnit.currentName
        return try await runUnitDetached { try ShadowUnit.$currentName.withValue(name) { try self.write(work) } }
    }

    /// Closes the control (its error is the app's), then the candidate and the shadow copy (quietly: the shadow's
    /// failures are never the app's).
    public func close() throws {
        defer {
            if !closed.exchange(true, ordering: .acquiringAndReleasing) {
                shadowLock.withLock { shadow.close() }
            }
        }
        try control.close()
    }

    // MARK: Deciding, preparing, comparing

    /// Whether `unit` is compared: enabled, `runIf`, then the sample. Counts the unit.
    private func decide(_ unit: ShadowUnit) -> Bool {
        let compared: Bool
        if closed.load(ordering: .acquiring) || !options.isEnabled() || !options.runIf(unit) || options.sampleRate <= 0 {
            compared = false
        } else if options.sampleRate >= 1 {
            compared = true
        } else {
            let draw = sampler.withLock { Double($0.next() >> 11) / Double(1 << 53) }
            compared = draw < options.sampleRate
        }
        count {
            $0.units += 1
            if compared { $0.compared += 1 }
        }
        return compared
    }

    /// The candidate, on a copy in step with the real file (re-made when it is not); `nil` when the shadow cannot be
    /// made (the error is published). Called with both locks held.
    private func prepare(_ unit: ShadowUnit) -> Candidate? {
        do {
            if try !shadow.isInStep() {
                let remade = try shadow.remake(comparing: options.stateComparison)
                count {
                    $0.remakes += 1
                    if remade == .reopened { $0.candidateOpens += 1 }
                    if shadow.lastRemakeTracked { $0.trackedRemakes += 1 }
                }
            }
            return shadow.candidate
        } catch {
            shadow.untrust(reopening: true)
            publishError(unit, "\(error)")
            return nil
        }
    }

    /// Compares both outcomes and the state differences; publishes and returns the event when something differs
    /// that no ignore rule covers.
    private func compare<T>(
        _ unit: ShadowUnit, _ controlOutcome: Result<T, any Error>, _ controlSeconds: Double,
        _ candidateOutcome: Result<T, any Error>, _ candidateSeconds: Double, state: [Mismatch]
    ) -> ShadowEvent? {
        let controlEncoding = encoded(controlOutcome)
        let candidateEncoding = encoded(candidateOutcome)
        if case .unencodable(let controlError) = controlEncoding, case .unencodable(let candidateError) = candidateEncoding {
            // Neither value can be turned into fields: the unit was not compared, which is not an agreement.
            publishError(unit, "the returned values could not be encoded to be compared: control: \(controlError); candidate: \(candidateError)")
            return nil
        }
        let controlValue = controlEncoding.value
        let candidateValue = candidateEncoding.value
        var differences = resultDifferences(
            controlOutcome, controlEncoding, candidateOutcome, candidateEncoding
        )
        differences += state.map { mismatch in
            var named = mismatch
            named.scenario = unit.name
            named.operation = unit.description
            return named
        }
        guard !differences.isEmpty else { return nil }
        let unexplained = differences.filter { difference in !options.ignore.contains { $0.covers(unit, difference) } }
        guard !unexplained.isEmpty else {
            count { $0.ignored += 1 }
            return nil
        }
        count { $0.mismatches += 1 }
        let (named, traps) = ShadowEvent.namingTraps(unexplained)
        let event = ShadowEvent(
            kind: .mismatch, date: ShadowEvent.now(), unit: unit.name, operation: unit.kind.rawValue,
            control: side(controlOutcome, controlValue, controlSeconds),
            candidate: side(candidateOutcome, candidateValue, candidateSeconds),
            differences: named.prefix(maximumDifferences).map { mismatch in
                ShadowEvent.Difference(
                    kind: mismatch.kind.rawValue, field: mismatch.field,
                    control: cleaned(mismatch.field, mismatch.baseline), candidate: cleaned(mismatch.field, mismatch.candidate),
                    trap: mismatch.trap?.id, followsFrom: mismatch.followsFrom
                )
            },
            traps: traps, error: nil
        )
        options.publisher.publish(event)
        return event
    }

    private func resultDifferences<T>(
        _ controlOutcome: Result<T, any Error>, _ controlEncoding: EncodedResult, _ candidateOutcome: Result<T, any Error>,
        _ candidateEncoding: EncodedResult
    ) -> [Mismatch] {
        func mismatch(_ field: String, _ control: String, _ candidate: String) -> Mismatch {
            Mismatch(kind: .result, scenario: "", field: field, baseline: control, candidate: candidate)
        }
        let controlValue = controlEncoding.value
        let candidateValue = candidateEncoding.value
        switch (controlOutcome, candidateOutcome) {
        case (.success, .success):
            if controlEncoding.isUnencodable || candidateEncoding.isUnencodable {
                // One side's value encodes and the other's cannot: they are not the same value.
                return [mismatch("(result)", controlEncoding.shown, candidateEncoding.shown)]
            }
            guard let controlValue, let candidateValue else { return [] }
            if let compare = options.compare {
                return compare(controlValue, candidateValue)
                    ? [] : [mismatch("(result)", controlValue.rendered(), candidateValue.rendered())]
            }
            return controlValue.fieldDifferences(from: candidateValue, limit: maximumDifferences).map {
                mismatch($0.path, $0.baseline, $0.candidate)
            }
        case (.failure(let a), .failure(let b)):
            let (x, y) = (describe(a), describe(b))
            return x == y ? [] : [mismatch("(error)", x, y)]
        case (.success, .failure(let error)):
            return [mismatch("(outcome)", "returned \(controlValue?.rendered() ?? "a value")", "threw \(describe(error))")]
        case (.failure(let error), .success):
            return [mismatch("(outcome)", "threw \(describe(error))", "returned \(candidateValue?.rendered() ?? "a value")")]
        }
    }

    private func sameOutcome<T>(_ a: Result<T, any Error>, _ b: Result<T, any Error>) -> Bool {
        switch (a, b) {
        case (.success, .success), (.failure, .failure): true
        default: false
        }
    }

    /// An error as compared (``ShadowOptions/describeError``), the shadow copy's path replaced by the real file's (both
    /// sides name their own file).
    private func describe(_ error: any Error) -> String {
        options.describeError(error).replacingOccurrences(of: shadow.shadowPath, with: shadow.realPath)
    }

    /// A returned value as fields: `.notCompared` when the unit threw or its value is not `Encodable`,
    /// `.unencodable` when its `encode(to:)` threw (reported, never taken as agreeing).
    private func encoded<T>(_ outcome: Result<T, any Error>) -> EncodedResult {
        guard case .success(let value) = outcome, let encodable = value as? any Encodable else { return .notCompared }
        do {
            return .value(try FieldValue(encoding: encodable))
        } catch {
            return .unencodable(ComparedErrors.typeAndDescription(error))
        }
    }

    private func side<T>(_ outcome: Result<T, any Error>, _ value: FieldValue?, _ seconds: Double) -> ShadowEvent.Side {
        switch outcome {
        case .success: ShadowEvent.Side(result: value.map { options.clean("(result)", $0) }, error: nil, seconds: seconds)
        case .failure(let error): ShadowEvent.Side(result: nil, error: describe(error), seconds: seconds)
        }
    }

    private func cleaned(_ field: String, _ text: String) -> String {
        let value = options.clean(field, .string(text))
        if case .string(let shown) = value { return shown }
        return value.rendered()
    }

    private func publishError(_ unit: ShadowUnit, _ reason: String) {
        count { $0.errors += 1 }
        options.publisher.publish(
            ShadowEvent(
                kind: .error, date: ShadowEvent.now(), unit: unit.name, operation: unit.kind.rawValue, control: nil,
                candidate: nil, differences: [], traps: [], error: reason
            )
        )
    }

    private func count(_ change: (inout ShadowStatistics) -> Void) {
        counters.withLock { change(&$0) }
    }

    /// Runs `body` with units nested in it routed to `session` (the side running the outer unit).
    private func routed<T>(_ session: some PersistenceSession, _ isCandidate: Bool, _ body: () throws -> T) throws -> T {
        var routes = ShadowRoute.active
        // The control (the only session routed as not the candidate) with no other shadow session's unit around: the
        // routes made in `init`, nothing allocated for the unit.
        if routes.isEmpty && !isCandidate {
            return try ShadowRoute.$active.withValue(controlRoutes, operation: body)
        }
        routes[routeKey] = ShadowRoute(session: session, isCandidate: isCandidate)
        return try ShadowRoute.$active.withValue(routes, operation: body)
    }

    private func timed<T>(_ body: () throws -> T) -> (Result<T, any Error>, Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = Result { try body() }
        let elapsed = clock.now - start
        return (outcome, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}

/// The object whose identity keys a shadow session's routes (``ShadowRoute/active``).
final class ShadowRouteKey: Sendable {}

/// Where a unit of work started inside another unit of a shadow session goes: the side running the outer unit.
final class ShadowRoute: Sendable {
    let session: any PersistenceSession
    let isCandidate: Bool

    init(session: any PersistenceSession, isCandidate: Bool) {
        self.session = session
        self.isCandidate = isCandidate
    }

    /// The routes of the units running on this task or thread, by shadow session.
    @TaskLocal static var active: [ObjectIdentifier: ShadowRoute] = [:]
}

/// A shadow session seen without its generic parameters (for a caller holding it as its app's session type).
public protocol ShadowStatusReporting: AnyObject, Sendable {
    /// What the session did so far.
    var statistics: ShadowStatistics { get }
}
