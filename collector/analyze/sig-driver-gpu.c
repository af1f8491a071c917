// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * GPU drivers' failures (sig-driver.h): hangs, resets, page faults,
 * display timeouts, as linux 6.12 prints them. drm_err()/drm_notice()
 * (include/drm/drm_print.h) print through dev_printk() with "[drm] "
 * (and "*ERROR* ") before the message; i915's gt_*() and xe's xe_gt_*()
 * add "GT%u: ", and nouveau's nvkm_*() the subdevice's name ("fifo: ").
 */
#include <string.h>

#include "analyze/index.h"
#include "analyze/sig-driver.h"
#include "util/macro.h"

#define I915 "drivers/gpu/drm/i915/"
#define AMDGPU "drivers/gpu/drm/amd/amdgpu/"
#define NOUVEAU "drivers/gpu/drm/nouveau/"
#define AMDPM "drivers/gpu/drm/amd/pm/"

/* "ring gfx_0.0.0 timeout, signaled seq=..." -> "amdgpu: ring gfx timeout" (no instance) */
static void gpu_amdgpu_ring(struct kb_rep *r, char *driver, size_t size)
{
	const char *l = kb_rep_line(r, r->hdr);
	char ring[32] = "";

	kb_word_after(l, "ring ", " ,_.", ring, sizeof(ring));
	strbuf_reset(&r->title);
	strbuf_addf(&r->title, "amdgpu: ring %s timeout", ring[0] ? ring : "?");
}

/*
 * amdgpu drives a chip as IP blocks, each a struct amd_ip_funcs whose
 * .name the device code prints when one of its callbacks fails:
 * amdgpu_device.c's "resume of IP block <%s> failed %d" (and hw_init,
 * suspend, late_init...). The block's callbacks live where its
 * amd_ip_funcs does: amdgpu/NAME.c, but for these (linux 6.12).
 */
static const struct {
	const char *name, *file;
} gpu_amd_blocks[] = {
	{ "smu", AMDPM "swsmu/amdgpu_smu.c" },
	{ "powerplay", AMDPM "powerplay/amd_powerplay.c" },
	{ "dm", "drivers/gpu/drm/amd/display/amdgpu_dm/amdgpu_dm.c" },
	{ "psp", AMDGPU "amdgpu_psp.c" }, { "acp_ip", AMDGPU "amdgpu_acp.c" },
	{ "isp_ip", AMDGPU "amdgpu_isp.c" }, { "vpe_v6_1", AMDGPU "amdgpu_vpe.c" },
	{ "umsch_mm_v4_0", AMDGPU "amdgpu_umsch_mm.c" }, { "vcn_v2_6", AMDGPU "vcn_v2_5.c" },
	{ "jpeg_v2_6", AMDGPU "jpeg_v2_5.c" }, { "cik_common", AMDGPU "cik.c" },
	{ "si_common", AMDGPU "si.c" }, { "vi_common", AMDGPU "vi.c" },
	{ "nv_common", AMDGPU "nv.c" }, { "soc15_common", AMDGPU "soc15.c" },
	{ "soc21_common", AMDGPU "soc21.c" }, { "soc24_common", AMDGPU "soc24.c" },
};

static void gpu_amdgpu_ip_block(struct kb_rep *r)
{
	const char *l = kb_rep_line(r, r->hdr), *p = strstr(l, " of IP block <");
	const struct kb_index *ix;
	char name[32], verb[32] = "", path[128];
	size_t i, n;

	if (!p || !kb_word_after(p, "<", ">", name, sizeof(name)))
		return;
	n = (size_t)(p - l);
	while (n && l[n - 1] != ' ' && l[n - 1] != ']')
		n--;	/* the verb after "*ERROR* " or the device's prefix */
	kb_word_after(l + n, "", " ", verb, sizeof(verb));
	strbuf_reset(&r->title);
	strbuf_addf(&r->title, "amdgpu: %s of IP block %s failed", verb[0] ? verb : "?", name);
	snprintf(path, sizeof(path), AMDGPU "%s.c", name);
	for (i = 0; i < ARRAY_SIZE(gpu_amd_blocks); i++)
		if (!strcmp(gpu_amd_blocks[i].name, name))
			snprintf(path, sizeof(path), "%s", gpu_amd_blocks[i].file);
	ix = kb_index_get();
	if (ix && !kb_index_has_file(ix, path))
		return;
	snprintf(r->guilty_file, sizeof(r->guilty_file), "%s", path);
	r->blame_reason = "the IP block the message names: where its amd_ip_funcs is";
}

const struct kb_drv_row kb_drv_gpu[] = {
	/* i915/i915_gpu_error.c, i915_capture_error_state(): drm_info() of error_msg() */
	KB_DRV("i915", "GPU HANG: ecode", NULL, "i915: GPU hang", I915 "i915_gpu_error.c"),
	/* i915/gt/intel_reset.c, intel_gt_reset(): gt_notice() ("GT0: " since 6.3) */
	KB_DRV("i915", "", "Resetting chip for ", "i915: GPU reset", I915 "gt/intel_reset.c"),
	/* i915/gt/intel_reset.c, gen8_engine_reset_prepare() */
	KB_DRV("i915", "", " reset request timed out: {request: ", "i915: engine reset timed out",
	       I915 "gt/intel_reset.c"),
	/* i915/display/intel_fifo_underrun.c: "CPU pipe %c" / "PCH transcoder %c" */
	KB_DRV("i915", "", " FIFO underrun", "i915: FIFO underrun",
	       I915 "display/intel_fifo_underrun.c"),
	/* i915/display/intel_crtc.c, intel_pipe_update_end() */
	KB_DRV("i915", "Atomic update failure on", NULL, "i915: atomic update failure",
	       I915 "display/intel_crtc.c"),
	/*
	 * xe builds i915's display code into its own module (xe/Makefile's
	 * ../i915/display/ objects): the same messages, under xe's prefix
	 */
	KB_DRV_FIXED("xe", "", " FIFO underrun", "xe: FIFO underrun",
		     I915 "display/intel_fifo_underrun.c", "xe"),
	KB_DRV_FIXED("xe", "Atomic update failure on", NULL, "xe: atomic update failure",
		     I915 "display/intel_crtc.c", "xe"),
	/* xe/xe_guc_submit.c, guc_exec_queue_timedout_job(): xe_gt_notice() */
	KB_DRV("xe", "", ": Timedout job: seqno=", "xe: job timed out",
	       "drivers/gpu/drm/xe/xe_guc_submit.c"),
	/* amdgpu/amdgpu_job.c, amdgpu_job_timedout() (DRM_ERROR() before 6.x) */
	KB_DRV_ROW("amdgpu", "ring ", " timeout, signaled seq=", "amdgpu: ring timeout",
		   AMDGPU "amdgpu_job.c", false, NULL, gpu_amdgpu_ring),
	/* amdgpu/gmc_v9_0.c .. gmc_v12_0.c, the chip's *_process_interrupt() */
	KB_DRV_ROW("amdgpu", "", " page fault (src_id:", "amdgpu: GPU page fault",
		   AMDGPU "gmc_v10_0.c", true, NULL, NULL),
	/* amdgpu/gfxhub_v*.c and mmhub_v*.c, *_print_l2_protection_fault_status() */
	KB_DRV_ROW("amdgpu", "", "VM_L2_PROTECTION_FAULT_STATUS:", "amdgpu: GPU page fault",
		   AMDGPU "gfxhub_v2_0.c", true, NULL, NULL),
	/* amdgpu/amdgpu_device.c, amdgpu_device_ip_*(): DRM_ERROR(), "[drm:FUNC [amdgpu]] " */
	KB_DRV_PLACE("amdgpu", "", " of IP block <", "amdgpu: IP block failed",
		     AMDGPU "amdgpu_device.c", gpu_amdgpu_ip_block),
	/*
	 * pm/swsmu/amdgpu_smu.c, smu_hw_init() and smu_start_smc_engine(): the
	 * System Management Unit's firmware did not start. (smu_cmn.c's "SMU:
	 * I'm not done with your previous command" is no row: a GPU hang's
	 * reset prints it too, after the hang's own lines.)
	 */
	KB_DRV("amdgpu", "SMC engine is not correctly up", NULL, "amdgpu: SMU failed to start",
	       AMDPM "swsmu/amdgpu_smu.c"),
	KB_DRV("amdgpu", "SMC is not ready", NULL, "amdgpu: SMU failed to start",
	       AMDPM "swsmu/amdgpu_smu.c"),
	KB_DRV("amdgpu", "Failed to setup smc hw", NULL, "amdgpu: SMU failed to start",
	       AMDPM "swsmu/amdgpu_smu.c"),
	/* amdgpu/amdgpu_device.c, amdgpu_device_gpu_recover() */
	KB_DRV("amdgpu", "GPU reset(", ") failed", "amdgpu: GPU reset failed",
	       AMDGPU "amdgpu_device.c"),
	/* amdgpu/amdgpu_ib.c, amdgpu_ib_ring_tests(): DRM_DEV_ERROR()'s "[drm:FUNC [amdgpu]]" */
	KB_DRV("amdgpu", "", "IB test failed on ", "amdgpu: IB test failed", AMDGPU "amdgpu_ib.c"),
	/* radeon/radeon_ring.c, radeon_ring_test_lockup(): the CP made no progress */
	KB_DRV("radeon", "ring ", " stalled for more than ", "radeon: ring stalled",
	       "drivers/gpu/drm/radeon/radeon_ring.c"),
	/* radeon/cik.c, evergreen.c and si.c, the chip's *_irq_process(): a VM protection fault */
	KB_DRV_ROW("radeon", "GPU fault detected: ", NULL, "radeon: GPU fault",
		   "drivers/gpu/drm/radeon/", true, NULL, NULL),
	/* radeon/radeon_kms.c and amdgpu/amdgpu_kms.c, *_driver_load_kms() */
	KB_DRV("radeon", "Fatal error during GPU init", NULL, "radeon: GPU init failed",
	       "drivers/gpu/drm/radeon/radeon_kms.c"),
	KB_DRV("amdgpu", "Fatal error during GPU init", NULL, "amdgpu: GPU init failed",
	       AMDGPU "amdgpu_kms.c"),
	/* nouveau/nvkm/engine/fifo/gf100.c, gf100_fifo_mmu_fault_recover() */
	KB_DRV("nouveau", "fifo: fault ", NULL, "nouveau: fifo fault",
	       NOUVEAU "nvkm/engine/fifo/gf100.c"),
	/* nouveau/nvkm/engine/fifo/gf100.c and tu102.c, *_fifo_intr_sched() */
	KB_DRV("nouveau", "fifo: SCHED_ERROR ", NULL, "nouveau: fifo SCHED_ERROR",
	       NOUVEAU "nvkm/engine/fifo/gf100.c"),
	/* nouveau/nvkm/engine/gr/gf100.c, gf100_gr_intr(): "gr: TRAP ch %d" */
	KB_DRV("nouveau", "gr: TRAP ", NULL, "nouveau: gr TRAP", NOUVEAU "nvkm/engine/gr/gf100.c"),
	/* nouveau/nvkm/engine/gr/nv50.c and gf100.c, the *_gr_intr() decoders */
	KB_DRV("nouveau", "gr: DATA_ERROR ", NULL, "nouveau: gr DATA_ERROR",
	       NOUVEAU "nvkm/engine/gr/"),
	/*
	 * nouveau before 4.3: nv_printk()'s "nouveau E[  PFIFO][0000:01:00.0] ",
	 * the level's letter (E: error) then the engine's and device's names
	 */
	KB_DRV_FIXED("nouveau", "nouveau E[", NULL, "nouveau: error", NOUVEAU, "nouveau"),
	/* nouveau/nouveau_chan.c, nouveau_channel_kill(): NV_PRINTK() with the client's name */
	KB_DRV("nouveau", "", " killed!", "nouveau: channel killed", NOUVEAU "nouveau_chan.c"),
	/*
	 * drm_atomic_helper.c, drm_atomic_helper_wait_for_flip_done() and
	 * drm_atomic_helper_wait_for_dependencies(): the helpers wait on the
	 * driver's hardware; the driver whose device printed is to blame
	 */
	KB_DRV_CORE("[CRTC:", "] flip_done timed out", "%s: flip_done timed out",
		    "drivers/gpu/drm/drm_atomic_helper.c", NULL),
	KB_DRV_CORE("[", "] commit wait timed out", "%s: commit wait timed out",
		    "drivers/gpu/drm/drm_atomic_helper.c", NULL),
	{ .sig = { .prefix = NULL } },
};
