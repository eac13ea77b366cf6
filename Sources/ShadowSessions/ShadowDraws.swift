import Synchronization

/// Values a unit of work draws from outside the database (new row ids from the clock and a random number, the
/// current date), recorded as the control draws them and replayed to the candidate in the same order.
///
/// The candidate runs the same unit after the control; without this, its inserts would get other ids than the
/// control's and every compared write would differ for no fault of the driver. Wrap the app's source of such values
/// twice, once for each side, and give the draws to ``ShadowOptions/draws``: the session forgets what was recorded
/// at the start of every unit, so a sampled-out unit's draws never reach a later compared one.
///
/// ```swift
/// let ids = ShadowDraws<Int64>()
/// let control = try LegacySession.open(at: path, key: nil, access: .readWrite,
///     configuration: SessionConfiguration(minter: IdentifierMinter { ids.control(minter.next) }))
/// // the candidate's minter: IdentifierMinter { ids.candidate(minter.next) }
/// ```
public final class ShadowDraws<Value: Sendable>: ShadowDrawsResetting, Sendable {
    /// Guarded by its own mutex: what the control drew in the current unit, and how many the candidate replayed.
    private let state = Mutex<(drawn: [Value], replayed: Int)>(([], 0))

    /// An empty recorder; share one between the control's and the candidate's source of values, and list it in
    /// ``ShadowOptions/draws``.
    public init() {}

    /// The control's draw: `draw()`, recorded for the candidate.
    public func control(_ draw: () -> Value) -> Value {
        let value = draw()
        state.withLock { $0.drawn.append(value) }
        return value
    }

    /// The candidate's draw: the control's next recorded value in this unit, or `draw()` once they are used up.
    public func candidate(_ draw: () -> Value) -> Value {
        let replayed = state.withLock { state -> Value? in
            guard state.replayed < state.drawn.count else { return nil }
            defer { state.replayed += 1 }
            return state.drawn[state.replayed]
        }
        return replayed ?? draw()
    }

    /// Forgets the recorded values (the session calls it as each unit starts).
    public func reset() {
        state.withLock { $0 = ([], 0) }
    }
}

/// Draws the shadow session resets at the start of every unit (``ShadowDraws`` of any value type).
public protocol ShadowDrawsResetting: Sendable {
    /// Forgets what was drawn in the previous unit; the shadow session calls it as each write unit starts, so
    /// the candidate replays only the draws of the unit it is running.
    func reset()
}
