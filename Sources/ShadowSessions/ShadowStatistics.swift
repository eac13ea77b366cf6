/// What a shadow session did so far: how many units the app ran, how many were compared, and what came of it.
public struct ShadowStatistics: Sendable, Hashable, Codable {
    /// Units of work the app ran through the session.
    public var units = 0
    /// Units the candidate also ran and that were compared.
    public var compared = 0
    /// Compared units that differed (after the ignore rules).
    public var mismatches = 0
    /// Compared units whose only differences an ignore rule covered.
    public var ignored = 0
    /// Errors of the shadow machinery itself (the shadow copy could not be made, the candidate could not open it).
    public var errors = 0
    /// Units that were sampled in but not compared: the shadow could not be made, or a change made outside the
    /// session committed while the control ran.
    public var skipped = 0
    /// Times the shadow copy was (re-)made from the real file.
    public var remakes = 0
    /// Of the ``remakes``, those that opened the candidate on a fresh copy (the first, after a unit that differed or a
    /// shadow error, after a schema change); the others restored the copy under the open candidate.
    public var candidateOpens = 0
    /// Of the ``remakes``, those that copied only the 4 KiB units the changed-pages tracker saw the control and the
    /// candidate write since the copy was last the real file's bytes (``ShadowTracking``); the others compared or
    /// copied the whole file.
    public var trackedRemakes = 0

    /// All counts at zero, as a new session starts.
    public init() {}
}
