#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0-or-later
# The reference for the differential test: the kernel's own
# scripts/get_maintainer.pl, unmodified, answering many paths cheaply.
#
#   cd TREE && perl gm-ref.pl [OPTIONS...] < paths > answers
#
# The script is run with `do` and its usual command line
# (--no-git --no-git-fallback OPTIONS -f PATH). It reads MAINTAINERS and
# .mailmap once; its per-file loop starts with canonpath(), and there the
# parent forks one child per path read from stdin: the child carries on
# inside get_maintainer.pl with that path, prints and exits as the script
# does. Each answer is the child's stdout, "\x1f", its exit status, "\n".
use strict;
use warnings;
use File::Spec::Functions ();
use POSIX ();

my @opts = @ARGV;
open(my $answers, '>&', \*STDOUT) or die "dup stdout: $!";
binmode($answers);
my $requests = \*STDIN;
binmode($requests);
my $real = \&File::Spec::Functions::canonpath;
my $serving = 0;

{
	no warnings 'redefine';
	*File::Spec::Functions::canonpath = sub {
		return $real->(@_) if $serving;
		$serving = 1;
		# all requests first: a child's exit syncs the shared stdin offset
		# back to its buffer position, which would corrupt later reads
		my @requests = <$requests>;
		for my $path (@requests) {
			chomp $path;
			pipe(my $r, my $w) or die "pipe: $!";
			my $pid = fork();
			die "fork: $!" unless defined $pid;
			if (!$pid) {
				close($r);
				open(STDOUT, '>&', $w) or POSIX::_exit(120);
				binmode(STDOUT, ':encoding(UTF-8)');
				open(STDERR, '>', '/dev/null');
				close($w);
				return $real->($path);
			}
			close($w);
			binmode($r);
			my $out = do { local $/; <$r> };
			close($r);
			waitpid($pid, 0);
			print $answers ($out // ''), "\x1f", ($? >> 8), "\n";
			$answers->flush();
		}
		POSIX::_exit(0);
	};
}

@ARGV = ('--no-git', '--no-git-fallback', @opts, '-f', 'MAINTAINERS');
do './scripts/get_maintainer.pl';
die "get_maintainer.pl: $@" if $@;
