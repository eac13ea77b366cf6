import Differential

/// The changed-pages tracker a shadow session re-makes its copy with (``Differential/ChangedPageTracking``): a
/// pass-through VFS, made the process's default, that records which parts of the real file and the shadow copy are
/// written, so a compared write re-makes and compares what the control and the candidate wrote rather than whole
/// files.
///
/// Only connections opened through it are seen: a session makes it the default when it starts, which covers the
/// candidate; a control opened before then is not seen, and the shadow then reads whole files (it never trusts a
/// file the tracker cannot vouch for). Call ``prepare()`` before opening the control to have its writes seen too.
public enum ShadowTracking {
    /// Registers the tracker and makes it the default VFS (passing every call through to the VFS that was the
    /// default) unless another VFS made itself the default after it. `false` when the files opened by default do
    /// not reach it: the shadow then reads whole files.
    @discardableResult
    public static func prepare() -> Bool {
        ChangedPageTracking.activate()
    }
}
