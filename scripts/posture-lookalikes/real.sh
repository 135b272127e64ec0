#!/bin/bash
# Altered copies of real recordings and posture samples: brightness flicker, noise, lower frame rates.
# usage: POSTURE_LOOKALIKES=DIR scripts/posture-lookalikes/real.sh   (needs ../shared/real)
HERE="$(cd "$(dirname "$0")" && pwd)"; R="$HERE/../../../shared/real"; S="$HERE/../../samples"
O="${POSTURE_LOOKALIKES:-/tmp/posture-lookalikes}/films"; mkdir -p "$O"
[ -d "$R" ] || { echo "real.sh: ../shared/real is absent"; exit 0; }
FL="eq=brightness='0.03*sin(2*PI*t*3)':eval=frame"
X="-c:v libx264 -crf 23 -pix_fmt yuv420p"
ff() { ffmpeg -v error -y "$@"; echo "wrote ${@: -1}"; }
ff -i $R/android_screenrecord_wikipedia.mp4 -vf "scale=540:-2,$FL" $X $O/R-wikipedia-flicker.mp4
ff -i $R/android_screenrecord_wikipedia.mp4 -vf "scale=540:-2,noise=alls=14:allf=t" $X $O/R-wikipedia-noise.mp4
ff -i $R/and_owl_onboarding.gif -vf "$FL" $X $O/R-owl-flicker.mp4
ff -i $R/ios_hero_basic.gif -vf "$FL" $X $O/R-hero-flicker.mp4
ff -i $R/ios_hero_basic.gif -vf "fps=15,split[a][b];[a]palettegen[p];[b][p]paletteuse" $O/R-hero-15fps.gif
ff -i $R/and_splashscreen_launch.gif -vf "eq=brightness='0.05*sin(2*PI*t*5)':eval=frame" $X $O/R-splash-flicker5.mp4
ff -i $R/duo_cs_navrail_drawer_duallandscape.mp4 -vf "$FL,noise=alls=8:allf=t" $X $O/R-navrail-flicker-noise.mp4
ff -t 7 -i $R/web_wpt_lemons_android.mp4 -vf "scale=540:-2,$FL" $X $O/R-lemons-flicker.mp4
ff -i $R/and_insets_ime_anim.gif -vf "fps=10,split[a][b];[a]palettegen[p];[b][p]paletteuse" $O/R-insets-10fps.gif
ff -t 8 -i $R/android_screenrecord_aftonbladet.mp4 -vf "scale=540:-2,noise=alls=10:allf=t,$FL" -crf 38 -c:v libx264 -pix_fmt yuv420p -g 15 $O/R-aftonbladet-flicker-crf38.mp4
# true posture (fold / rotations), altered
ff -i $R/fold_todo_unfolded_to_folded_dark.gif -vf "scale=1100:-2,$FL" $X $O/T-R-fold-flicker.mp4
ff -i $R/fold_todo_unfolded_to_folded_dark.gif -vf "scale=550:-2,fps=12,split[a][b];[a]palettegen[p];[b][p]paletteuse" $O/T-R-fold-12fps.gif
ff -i $S/fold-inner.mp4 -vf "$FL,noise=alls=6:allf=t" $X $O/T-S-fold-inner-flicker.mp4
ff -i $S/rotate-sideways.mp4 -vf "fps=12,split[a][b];[a]palettegen[p];[b][p]paletteuse" $O/T-S-rotate-sideways-12fps.gif
ff -i $S/rotate-animation.mp4 -vf "fps=15,split[a][b];[a]palettegen[p];[b][p]paletteuse" $O/T-S-rotate-animation-15fps.gif
ff -i $S/rotate-window.mp4 -vf "$FL" $X $O/T-S-rotate-window-flicker.mp4
ff -i $S/laptop-inner.mp4 -vf "$FL" $X $O/T-S-laptop-inner-flicker.mp4
