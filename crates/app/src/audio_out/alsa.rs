//! The system ALSA library, loaded at run time with `libloading`: building needs only
//! the Rust toolchain (no `alsa-sys`, no pkg-config, no -dev package), and a machine
//! without `libasound.so.2` runs the game silent instead of failing to start.
//!
//! Only the simple PCM API is used — `snd_pcm_open`, `snd_pcm_set_params`,
//! `snd_pcm_writei`, `snd_pcm_recover`, `snd_pcm_close`, `snd_strerror` — plus
//! `snd_pcm_get_params` (the buffer the device granted, for the latency), `snd_pcm_avail`
//! (how much the device still holds, before writing silence) and, where the library
//! has it, `snd_lib_error_set_local` (keeps ALSA's own messages off stderr: a failure
//! is reported as one line by the caller). The C signatures are declared here, from
//! `<alsa/pcm.h>` and `<alsa/error.h>`.

use libloading::Library;
use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void, CStr, CString};
use std::ptr;

/// `SND_PCM_STREAM_PLAYBACK`.
const STREAM_PLAYBACK: c_int = 0;
/// `SND_PCM_NONBLOCK`: `snd_pcm_open` fails at once on a busy device instead of
/// waiting, and `snd_pcm_writei` returns what fits (or `-EAGAIN`): the audio thread
/// does its own waiting, so it never sits in the library when told to stop.
const MODE_NONBLOCK: c_int = 1;
/// `SND_PCM_FORMAT_FLOAT_LE` (14) or `_BE` (15): native-endian f32.
const FORMAT_FLOAT: c_int = if cfg!(target_endian = "little") {
    14
} else {
    15
};
/// `SND_PCM_ACCESS_RW_INTERLEAVED`.
const ACCESS_RW_INTERLEAVED: c_int = 3;

pub const EPIPE: c_int = 32;
pub const EAGAIN: c_int = 11;
pub const EINTR: c_int = 4;
/// `ESTRPIPE`: the device was suspended (Linux errno 86).
pub const ESTRPIPE: c_int = 86;

// int snd_pcm_open(snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode);
type OpenFn = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
// int snd_pcm_set_params(snd_pcm_t *pcm, snd_pcm_format_t format, snd_pcm_access_t access,
//                        unsigned int channels, unsigned int rate, int soft_resample,
//                        unsigned int latency);
type SetParamsFn =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
// int snd_pcm_get_params(snd_pcm_t *pcm, snd_pcm_uframes_t *buffer_size,
//                        snd_pcm_uframes_t *period_size);
type GetParamsFn = unsafe extern "C" fn(*mut c_void, *mut c_ulong, *mut c_ulong) -> c_int;
// snd_pcm_sframes_t snd_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size);
type WriteiFn = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
// snd_pcm_sframes_t snd_pcm_avail(snd_pcm_t *pcm);
type AvailFn = unsafe extern "C" fn(*mut c_void) -> c_long;
// int snd_pcm_recover(snd_pcm_t *pcm, int err, int silent);
type RecoverFn = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
// int snd_pcm_close(snd_pcm_t *pcm);
type CloseFn = unsafe extern "C" fn(*mut c_void) -> c_int;
// const char *snd_strerror(int errnum);
type StrerrorFn = unsafe extern "C" fn(c_int) -> *const c_char;
// typedef void (*snd_local_error_handler_t)(const char *file, int line, const char *func,
//                                           int errcode, const char *fmt, va_list arg);
// The `va_list` is passed as a pointer on x86-64 and AArch64; it is never read here.
type LocalErrorHandler =
    unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char, *mut c_void);
// snd_local_error_handler_t snd_lib_error_set_local(snd_local_error_handler_t func);
type SetLocalFn = unsafe extern "C" fn(Option<LocalErrorHandler>) -> Option<LocalErrorHandler>;

/// The loaded library and the functions taken from it. The function pointers are valid
/// exactly as long as `_lib` is loaded: they are private, and `_lib` is dropped with
/// them (it is the last field).
pub struct Alsa {
    open: OpenFn,
    set_params: SetParamsFn,
    get_params: GetParamsFn,
    writei: WriteiFn,
    avail: AvailFn,
    recover: RecoverFn,
    close: CloseFn,
    strerror: StrerrorFn,
    set_local: Option<SetLocalFn>,
    _lib: Library,
}

/// `fn_type` of `name` in `lib`, copied out of its `Symbol` (the caller keeps `lib`).
///
/// # Safety
/// `T` must be the function's true C type.
unsafe fn symbol<T: Copy>(lib: &Library, lib_name: &str, name: &str) -> Result<T, String> {
    match lib.get::<T>(name.as_bytes()) {
        Ok(sym) => Ok(*sym),
        Err(e) => Err(format!("{lib_name} has no {name} ({e})")),
    }
}

impl Alsa {
    /// Loads the library `name` (`libasound.so.2`) and takes its functions. Errors are
    /// plain text, "what failed", without the caller's prefix.
    pub fn load(name: &str) -> Result<Alsa, String> {
        // SAFETY: loading libasound runs its initialisers, which have no preconditions;
        // every symbol is taken with the C type declared above from ALSA's headers.
        unsafe {
            let lib = Library::new(name).map_err(|e| format!("cannot load {name} ({e})"))?;
            Ok(Alsa {
                open: symbol(&lib, name, "snd_pcm_open")?,
                set_params: symbol(&lib, name, "snd_pcm_set_params")?,
                get_params: symbol(&lib, name, "snd_pcm_get_params")?,
                writei: symbol(&lib, name, "snd_pcm_writei")?,
                avail: symbol(&lib, name, "snd_pcm_avail")?,
                recover: symbol(&lib, name, "snd_pcm_recover")?,
                close: symbol(&lib, name, "snd_pcm_close")?,
                strerror: symbol(&lib, name, "snd_strerror")?,
                set_local: symbol(&lib, name, "snd_lib_error_set_local").ok(),
                _lib: lib,
            })
        }
    }

    /// ALSA's text for a negative error code.
    pub fn strerror(&self, err: c_int) -> String {
        // SAFETY: snd_strerror returns a static NUL-terminated string for any code.
        let text = unsafe { (self.strerror)(err) };
        if text.is_null() {
            return format!("error {err}");
        }
        // SAFETY: non-null, NUL-terminated, static.
        unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned()
    }

    /// Keeps ALSA's own error printing off stderr on this thread until the guard is
    /// dropped (a no-op with a library older than `snd_lib_error_set_local`).
    pub fn quiet(&self) -> Quiet {
        let set_local = self.set_local;
        // SAFETY: set_local installs a thread-local handler and returns the old one.
        let previous = set_local.and_then(|f| unsafe { f(Some(ignore_error)) });
        Quiet {
            set_local,
            previous,
        }
    }
}

unsafe extern "C" fn ignore_error(
    _file: *const c_char,
    _line: c_int,
    _func: *const c_char,
    _err: c_int,
    _fmt: *const c_char,
    _args: *mut c_void,
) {
}

/// While alive, ALSA prints nothing on this thread (see `Alsa::quiet`). It refers to
/// no library memory but the function pointers: keep it shorter-lived than its `Alsa`.
pub struct Quiet {
    set_local: Option<SetLocalFn>,
    previous: Option<LocalErrorHandler>,
}

impl Drop for Quiet {
    fn drop(&mut self) {
        if let Some(f) = self.set_local {
            // SAFETY: restores the handler this thread had.
            unsafe { f(self.previous) };
        }
    }
}

/// An open playback PCM (interleaved f32, non-blocking) and the library it came from.
/// Closed on drop.
pub struct Pcm {
    handle: *mut c_void,
    channels: usize,
    buffer_frames: usize,
    period_frames: usize,
    // Dropped after `Drop::drop` has closed the handle.
    alsa: Alsa,
}

// SAFETY: an ALSA PCM handle may be used from any thread as long as no two threads use
// it at once; `Pcm` is `Send` but not `Sync`, and every call takes `&mut self` or is
// made from `Drop`, so the handle moves to the audio thread and is used only there.
// The library's function pointers and `Library` are themselves `Send`.
unsafe impl Send for Pcm {}

impl Pcm {
    /// Opens `device` for playback of `channels`×f32 at `rate`, asking for a device
    /// buffer of `latency_us`; `soft_resample` lets ALSA's plug layer convert for a
    /// device that wants another rate or format. Errors are "what failed" lines.
    pub fn open(
        alsa: Alsa,
        device: &str,
        rate: u32,
        channels: usize,
        latency_us: u32,
    ) -> Result<Pcm, String> {
        let name = CString::new(device)
            .map_err(|_| format!("device name {device:?} contains a NUL byte"))?;
        let _quiet = alsa.quiet();
        let mut handle: *mut c_void = ptr::null_mut();
        // SAFETY: `handle` is a valid out-pointer, `name` a NUL-terminated string.
        let err =
            unsafe { (alsa.open)(&mut handle, name.as_ptr(), STREAM_PLAYBACK, MODE_NONBLOCK) };
        if err < 0 || handle.is_null() {
            return Err(format!(
                "cannot open device {device:?} ({})",
                alsa.strerror(err)
            ));
        }
        let set_params = alsa.set_params;
        let get_params = alsa.get_params;
        drop(_quiet);
        // From here on the handle is closed by `Pcm`'s drop, on every path.
        let mut pcm = Pcm {
            handle,
            channels,
            buffer_frames: 0,
            period_frames: 0,
            alsa,
        };
        let _quiet = pcm.alsa.quiet();
        // SAFETY: a handle just opened; plain integer arguments.
        let err = unsafe {
            set_params(
                pcm.handle,
                FORMAT_FLOAT,
                ACCESS_RW_INTERLEAVED,
                channels as c_uint,
                rate,
                1,
                latency_us,
            )
        };
        if err < 0 {
            return Err(format!(
                "device {device:?} refused {rate} Hz {channels}-channel f32 ({})",
                pcm.alsa.strerror(err)
            ));
        }
        let (mut buffer, mut period): (c_ulong, c_ulong) = (0, 0);
        // SAFETY: valid out-pointers on a configured handle.
        let err = unsafe { get_params(pcm.handle, &mut buffer, &mut period) };
        if err < 0 {
            return Err(format!(
                "device {device:?} gave no buffer size ({})",
                pcm.alsa.strerror(err)
            ));
        }
        pcm.buffer_frames = buffer as usize;
        pcm.period_frames = period as usize;
        Ok(pcm)
    }

    /// The device's buffer, in frames, as granted.
    pub fn buffer_frames(&self) -> usize {
        self.buffer_frames
    }

    /// The device's period (the granularity it wakes at), in frames.
    pub fn period_frames(&self) -> usize {
        self.period_frames
    }

    /// Writes interleaved `samples` (whole frames): the frames taken, possibly fewer
    /// than given (the buffer is full: non-blocking), or a negative error code
    /// (`-EAGAIN` when nothing fits, `-EPIPE` on an underrun, `-ESTRPIPE` suspended).
    pub fn write(&mut self, samples: &[f32]) -> Result<usize, c_int> {
        let frames = samples.len() / self.channels;
        // SAFETY: `samples` holds `frames × channels` f32, the configured format.
        let n =
            unsafe { (self.alsa.writei)(self.handle, samples.as_ptr().cast(), frames as c_ulong) };
        if n < 0 {
            Err(c_int::try_from(n).unwrap_or(-EPIPE))
        } else {
            Ok((n as usize).min(frames))
        }
    }

    /// Frames free in the device's buffer, or a negative error code (`-EPIPE` …).
    pub fn avail(&mut self) -> Result<usize, c_int> {
        // SAFETY: a configured handle.
        let n = unsafe { (self.alsa.avail)(self.handle) };
        if n < 0 {
            Err(c_int::try_from(n).unwrap_or(-EPIPE))
        } else {
            Ok(n as usize)
        }
    }

    /// `snd_pcm_recover` after `err` (an underrun, a suspend, an interrupted call),
    /// silently; the code it gives back when it cannot.
    pub fn recover(&mut self, err: c_int) -> Result<(), c_int> {
        // SAFETY: a configured handle; `err` is the code a call on it returned.
        let r = unsafe { (self.alsa.recover)(self.handle, err, 1) };
        if r < 0 {
            Err(r)
        } else {
            Ok(())
        }
    }

    /// ALSA's text for a negative error code.
    pub fn strerror(&self, err: c_int) -> String {
        self.alsa.strerror(err)
    }

    /// See `Alsa::quiet`.
    pub fn quiet(&self) -> Quiet {
        self.alsa.quiet()
    }
}

impl Drop for Pcm {
    fn drop(&mut self) {
        let _quiet = self.alsa.quiet();
        // SAFETY: the handle is open and used by no one else; closing drops what the
        // device still holds (snd_pcm_close stops the stream first). The result is
        // ignored: there is nothing left to do about a failed close.
        unsafe { (self.alsa.close)(self.handle) };
    }
}
