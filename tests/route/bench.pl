#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0-or-later
# make bench (route): the same files (KBUG_BENCH_FILES, 500) routed
#   1. by one `kbug route --format=get-maintainer --stdin` process for all,
#   2. by scripts/get_maintainer.pl, one process per path, as people run it,
#   3. by one `kbug route --format=get-maintainer PATH` process per path,
# all against the tree's own MAINTAINERS. Prints the time per file of each
# and the ratios; budgets: 1 >= 1000x faster than 2, 3 <= 10 ms a process.
use strict;
use warnings;
use File::Find;
use FindBin;
use POSIX ();
use Time::HiRes qw(time);

my $src = "$FindBin::Bin/../..";
my $kbug = $ENV{KBUG} // "$src/kbug";
my $tree = `$src/kernel/source.sh`;
chomp $tree;
my $n = $ENV{KBUG_BENCH_FILES} // 500;
srand($ENV{KBUG_BENCH_SEED} // 42);
my @files;
find({ no_chdir => 1, wanted => sub {
	push @files, substr($File::Find::name, length($tree) + 1)
		if length($File::Find::name) > length($tree) && -f $_ && !m@/\.@;
} }, $tree);
@files = sort @files;
my @paths = map { $files[int(rand(@files))] } 1 .. $n;
my @kopt = ('route', '--format=get-maintainer', '--maintainers', "$tree/MAINTAINERS");

# A process per path, started by xargs (a small process: forking this perl,
# which holds the tree's file list, would cost each run ~0.4 ms more than the
# program measured), one after the other, output thrown away.
my $list = "/tmp/kbug-route-bench.$$";
open(my $lf, '>', $list) or die "$list: $!";
print $lf "$_\n" for @paths;
close($lf);
END { unlink $list if defined $list; }

sub run_each {
	my ($dir, @cmd) = @_;
	my $pid = fork();
	die "fork: $!" unless defined $pid;
	if (!$pid) {
		chdir $dir or POSIX::_exit(126);
		open(STDIN, '<', $list) or POSIX::_exit(126);
		open(STDOUT, '>', '/dev/null');
		open(STDERR, '>', '/dev/null');
		exec('xargs', '-d', '\n', '-n', '1', @cmd) or POSIX::_exit(127);
	}
	waitpid($pid, 0);
	return $?;
}

# wall time, and the CPU time of the children (robust on a busy machine)
sub cpu { my @t = times(); return $t[2] + $t[3] }

# 1: one kbug process, all paths on stdin
my $t = time();
my $c = cpu();
{
	my $pid = open(my $in, '|-') // die "fork: $!";
	if (!$pid) {
		open(STDOUT, '>', '/dev/null');
		exec($kbug, @kopt, '--stdin') or POSIX::_exit(127);
	}
	print $in "$_\n" for @paths;
	close($in);
}
my $one = (time() - $t) / $n;
my $one_c = (cpu() - $c) / $n;

# 3: one kbug process per path (a first, untimed pass warms the page cache),
# before and after get_maintainer.pl, so that both see the machine alike
run_each($tree, $kbug, @kopt);
sub per_process {
	my $t0 = time();
	my $c0 = cpu();
	run_each($tree, $kbug, @kopt);
	return ((time() - $t0) / $n, (cpu() - $c0) / $n);
}
my ($per1, $per1_c) = per_process();

# the floor: starting kbug at all (its linked libraries), as many times
$t = time();
$c = cpu();
run_each($tree, $kbug, '--version');
my $floor = (time() - $t) / $n;
my $floor_c = (cpu() - $c) / $n;

# 2: get_maintainer.pl, one process per path
$t = time();
$c = cpu();
run_each($tree, 'perl', 'scripts/get_maintainer.pl', '--no-git', '--no-git-fallback', '-f');
my $gm = (time() - $t) / $n;
my $gm_c = (cpu() - $c) / $n;
my ($per2, $per2_c) = per_process();
my $per = ($per1 + $per2) / 2;
my $per_c = ($per1_c + $per2_c) / 2;
$_ ||= 1e-6 for $one_c, $per_c;

printf "route bench: %d files of %s (wall time; CPU time in brackets)\n", $n, $tree;
printf "  get_maintainer.pl, a process per path: %9.3f ms/file [%9.3f]\n", $gm * 1e3,
	$gm_c * 1e3;
printf "  kbug, one process for all paths:       %9.3f ms/file [%9.3f]  %6.0fx [%6.0fx] " .
	"faster (goal 1000x)\n", $one * 1e3, $one_c * 1e3, $gm / $one, $gm_c / $one_c;
printf "  kbug, a process per path:              %9.3f ms/file [%9.3f]  %6.0fx [%6.0fx] " .
	"faster (budget 10 ms: %s)\n", $per * 1e3, $per_c * 1e3, $gm / $per, $gm_c / $per_c,
	$per < 0.010 ? "met" : "NOT met";
printf "  (kbug --version, a process per run:    %9.3f ms/run  [%9.3f]: process start and " .
	"linked libraries)\n", $floor * 1e3, $floor_c * 1e3;
printf "  (a process per path: %.3f ms before get_maintainer.pl, %.3f ms after; " .
	"processes started by xargs)\n", $per1 * 1e3, $per2 * 1e3;
