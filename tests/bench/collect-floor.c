// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * collect-floor: what reading kbug collect's sources costs with no work
 * done on them, for the collect bench to put its figures against. It
 * reads what the built-in probes read on this machine, as they read it,
 * and keeps nothing: the kernel's files of the kernel probe, os-release,
 * every /dev/kmsg record (one read(2) each), every PCI device's ID files
 * (as libpci's sysfs method reads them) and module link, pci.ids,
 * /proc/config.gz inflated (zlib), DMI and USB if there, /etc/passwd.
 * No JSON, no names, no redaction, no output.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

static char buf[65536];

/* as strbuf_read_fd() reads: 4095 bytes first (a /proc/sys read allocates what it asks for) */
static void slurp_at(int dfd, const char *path)
{
	int fd = openat(dfd, path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	while (read(fd, buf, 4095) > 0)
		;
	close(fd);
}

static void slurp(const char *path)
{
	slurp_at(AT_FDCWD, path);
}

/* each entry's attributes and links, by path or (at) from the entry's directory */
static void each_entry(const char *dir, const char *const *attrs, const char *const *links,
		       int at)
{
	char p[512];
	struct dirent *de;
	DIR *d = opendir(dir);
	int n = 0;

	while (d && (de = readdir(d)) && n++ < 4096) {
		int dfd = AT_FDCWD;
		size_t i;

		if (de->d_name[0] == '.')
			continue;
		if (at) {
			snprintf(p, sizeof(p), "%s/%s", dir, de->d_name);
			dfd = open(p, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		}
		for (i = 0; attrs[i]; i++) {
			snprintf(p, sizeof(p), "%s/%s/%s", dir, de->d_name, attrs[i]);
			slurp_at(dfd, at ? attrs[i] : p);
		}
		for (i = 0; links[i]; i++) {
			snprintf(p, sizeof(p), "%s/%s/%s", dir, de->d_name, links[i]);
			(void)!readlinkat(dfd, at ? links[i] : p, buf, sizeof(buf));
		}
		if (at && dfd >= 0)
			close(dfd);
	}
	if (d)
		closedir(d);
}

/* as util/gz.c inflates it: zlib's stream, into a buffer sized from the trailer */
static void gunzip(const char *path)
{
	unsigned char *in, *out = NULL;
	struct stat st;
	size_t size = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;
	z_stream zs = { 0 };

	if (fd < 0 || fstat(fd, &st) || st.st_size <= 18 || st.st_size > (64 << 20)) {
		if (fd >= 0)
			close(fd);
		return;
	}
	in = malloc((size_t)st.st_size);
	n = in ? read(fd, in, (size_t)st.st_size) : -1;
	close(fd);
	if (n > 18) {
		size = (size_t)in[n - 4] | (size_t)in[n - 3] << 8 | (size_t)in[n - 2] << 16 |
		       (size_t)in[n - 1] << 24;
		out = malloc(size + 1);
	}
	if (out && inflateInit2(&zs, 16 + MAX_WBITS) == Z_OK) {
		zs.next_in = in;
		zs.avail_in = (unsigned int)n;
		zs.next_out = out;
		zs.avail_out = (unsigned int)size;
		if (inflate(&zs, Z_FINISH) != Z_STREAM_END)
			fprintf(stderr, "collect-floor: cannot inflate '%s'\n", path);
		inflateEnd(&zs);
	}
	free(out);
	free(in);
}

int main(void)
{
	static const char *const kernel[] = {
		"/proc/sys/kernel/osrelease", "/proc/sys/kernel/version", "/proc/sys/kernel/arch",
		"/proc/version", "/proc/cmdline", "/proc/sys/kernel/tainted", "/etc/os-release",
		"/proc/sys/kernel/hostname", "/etc/hostname", "/etc/passwd", "/proc/modules", NULL,
	};
	static const char *const pci_attrs[] = {
		"vendor", "device", "class", "subsystem_vendor", "subsystem_device", "revision",
		NULL,
	};
	static const char *const pci_links[] = { "driver/module", NULL };
	static const char *const usb_attrs[] = {
		"busnum", "devnum", "idVendor", "idProduct", "product", "serial", NULL,
	};
	static const char *const none[] = { NULL };
	struct stat st;
	void *ids;
	int fd, i;

	for (i = 0; kernel[i]; i++)
		slurp(kernel[i]);
	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	for (i = 0; fd >= 0 && i < 4000000 && read(fd, buf, 8192) > 0; i++)
		;
	if (fd >= 0)
		close(fd);
	each_entry("/sys/bus/pci/devices", pci_attrs, pci_links, 1);
	fd = open("/usr/share/misc/pci.ids", O_RDONLY | O_CLOEXEC);
	if (fd >= 0 && !fstat(fd, &st) && st.st_size > 0) {
		ids = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (ids != MAP_FAILED)
			munmap(ids, (size_t)st.st_size);
	}
	if (fd >= 0)
		close(fd);
	each_entry("/sys/bus/usb/devices", usb_attrs, none, 0);
	each_entry("/sys/class/dmi", none, none, 0);
	gunzip("/proc/config.gz");
	return 0;
}
